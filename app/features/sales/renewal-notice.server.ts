// The renewal's e-mails about a charge (the charge at D-7, the reminder at D-1): its amounts
// and rate, and how it is paid. A cycle its Pix Automático mandate is to debit (a cobr not
// settled, the mandate approved and not being cancelled) asks for nothing: it says the amount
// and the day of the debit. Any other carries its PIX code: the due-date charge's (cobv) copia
// e cola once the PSP made it, with its fine and interest, else the static BR Code
// (docs/decisions/365, 415).
import { and, eq, inArray, isNull } from "drizzle-orm";
import {
  pixDueCharges,
  pixMandates,
  pixRecurringCharges,
  subscriptionCharges,
  subscriptions,
} from "../../../db/schema.ts";
import type { Executor } from "../../platform/db/db.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import type { MessageJob } from "../../platform/jobs/registry.ts";
import { downtimeText, serviceCreditCopy } from "../../content/service-credit.ts";
import { subscriptionEmailCopy } from "../../content/subscriptions.ts";
import { formatBrl, formatRate, formatUsd } from "../orders/format.ts";
import { pixCode } from "../orders/pix.server.ts";
import { chargeRateLine } from "../orders/rate-line.ts";
import { formatLocalDate } from "../subscriptions/calendar.ts";
import {
  renewalChargeMessage,
  renewalDebitMessage,
  renewalDebitReminderMessage,
  renewalReminderMessage,
} from "../subscriptions/messages.tsx";
import { notifyCustomer, type ChargeRow } from "../subscriptions/subscriptions.server.ts";
import { percentText } from "./late-charge.ts";

/** Which notice: the charge's (D-7) or its reminder (D-1). */
export type ChargeNotice = "charge" | "reminder";

const messages = {
  charge: { byHand: renewalChargeMessage, debit: renewalDebitMessage },
  reminder: { byHand: renewalReminderMessage, debit: renewalDebitReminderMessage },
} as const;

/** True when the charge's mandate is to debit it: its cobr is live under an approved mandate. */
export async function debitedByMandate(tx: Executor, chargeId: string): Promise<boolean> {
  const [row] = await tx
    .select({ txid: pixRecurringCharges.txid })
    .from(pixRecurringCharges)
    .innerJoin(pixMandates, eq(pixMandates.id, pixRecurringCharges.mandateId))
    .where(
      and(
        eq(pixRecurringCharges.chargeId, chargeId),
        inArray(pixRecurringCharges.state, ["pending", "scheduled"]),
        eq(pixMandates.state, "approved"),
        isNull(pixMandates.cancelRequestedAt),
      ),
    );
  return row !== undefined;
}

/** The charge's PIX line: its due-date charge's code when active, else the static code. */
async function pixLineOf(tx: Executor, charge: ChargeRow): Promise<string> {
  const copy = subscriptionEmailCopy.charge;
  const [due] = await tx.select().from(pixDueCharges).where(eq(pixDueCharges.chargeId, charge.id));
  if (due?.state === "active" && due.copyPaste) {
    const terms =
      due.fineBp > 0 || due.interestBpMonth > 0
        ? ` ${copy.lateTerms(percentText(due.fineBp), percentText(due.interestBpMonth))}`
        : "";
    return `${copy.pix(due.copyPaste)} ${copy.dueCharge(formatLocalDate(due.dueDate))}${terms}`;
  }
  return staticPixLine(charge);
}

/** The static BR Code's line (none without a PIX key): a charge without a live due-date one. */
export async function staticPixLine(
  charge: Pick<ChargeRow, "totalBrlCents" | "reference">,
): Promise<string> {
  const env = getEnv();
  if (!env.PIX_KEY) return "";
  return subscriptionEmailCopy.charge.pix(
    await pixCode(
      { key: env.PIX_KEY, name: env.PIX_MERCHANT_NAME, city: env.PIX_MERCHANT_CITY },
      { amountBrlCents: charge.totalBrlCents, txid: charge.reference },
    ),
  );
}

/** How a notice asks to be paid: its mandate debits it, or the PIX line to pay by hand. */
export type NoticePayment = { debit: true } | { debit: false; pixLine: string };

/** The notice about `charge`, paid as `payment` says; reads nothing (the renewal sweep's batch). */
export function composeChargeMessage(
  charge: ChargeRow,
  robotName: string,
  notice: ChargeNotice,
  payment: NoticePayment,
): (name: string, to: string) => MessageJob {
  const rate = chargeRateLine(charge);
  const creditLine =
    charge.serviceCreditUsdCents > 0 &&
    charge.creditedCycle !== null &&
    charge.downtimeMinutes !== null &&
    charge.creditThresholdMinutes !== null
      ? serviceCreditCopy.chargeLine(
          charge.creditedCycle,
          downtimeText(charge.downtimeMinutes),
          downtimeText(charge.creditThresholdMinutes),
          formatUsd(charge.serviceCreditUsdCents),
        )
      : "";
  const common = {
    robotName,
    dueDate: formatLocalDate(charge.dueDate),
    amountUsd: formatUsd(charge.totalUsdCents),
    amountBrl: formatBrl(charge.totalBrlCents),
    rate: formatRate(Number(charge.exchangeRate.replace(".", ""))),
    rateLine: rate,
    creditLine,
  };
  if (payment.debit) return (name, to) => messages[notice].debit.to(to, { name, ...common });
  const { pixLine } = payment;
  return (name, to) =>
    messages[notice].byHand.to(to, { name, ...common, reference: charge.reference, pixLine });
}

/** The notice about `charge`, ready for its customer: by mandate, or to pay by hand. */
export async function chargeMessage(
  tx: Executor,
  charge: ChargeRow,
  robotName: string,
  notice: ChargeNotice,
): Promise<(name: string, to: string) => MessageJob> {
  const payment: NoticePayment = (await debitedByMandate(tx, charge.id))
    ? { debit: true }
    : { debit: false, pixLine: await pixLineOf(tx, charge) };
  return composeChargeMessage(charge, robotName, notice, payment);
}

/** Queues the charge's e-mail (D-7) in `tx`, with the PIX code it has now. */
export async function queueRenewalChargeNotice(tx: Executor, chargeId: string): Promise<void> {
  const [row] = await tx
    .select({ charge: subscriptionCharges, subscription: subscriptions })
    .from(subscriptionCharges)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCharges.subscriptionId))
    .where(eq(subscriptionCharges.id, chargeId));
  if (!row || row.charge.state !== "open") return;
  await notifyCustomer(
    tx,
    row.subscription.orderId,
    await chargeMessage(tx, row.charge, row.subscription.robotName, "charge"),
  );
}
