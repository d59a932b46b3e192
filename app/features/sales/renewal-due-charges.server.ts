// A renewal's due-date charge at the PSP (API Pix `cobv`, docs/decisions/365). The renewal's
// transaction only queues it; the worker or the customer's page creates it at the PSP
// (`PUT /cobv/{txid}`: the cycle's amount, its due date, payable through the grace period,
// with the fine and interest staff set), and the one that turns it active sends the renewal's
// e-mail with its copia e cola. A PSP that refuses it leaves the static BR Code.
import { and, asc, desc, eq, lte, min } from "drizzle-orm";
import {
  orders,
  pixDueCharges,
  renewalChargeTerms,
  subscriptionCharges,
  subscriptions,
  waitlist,
} from "../../../db/schema.ts";
import { getDb, withTransaction, type Executor } from "../../platform/db/db.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import {
  apiPix,
  PixApiRefusedError,
  type ApiPixClient,
} from "../../platform/payments/api-pix.server.ts";
import { pixChargeCopy } from "../../content/pix.ts";
import { centsText } from "../orders/money.ts";
import {
  attemptCharge,
  ChargeNotPossible,
  type ChargeSettlement,
} from "../orders/pix-charge-attempts.server.ts";
import { chargeTxid } from "../orders/pix-charges.server.ts";
import { pixQrSvg, sitePix } from "../orders/pix.server.ts";
import { addDays, daysBetween, localDate, localInstant } from "../subscriptions/calendar.ts";
import type { ChargeRow, SubscriptionRow } from "../subscriptions/subscriptions.server.ts";
import { lateCeilingCents, percentText, type LateTerms } from "./late-charge.ts";
import { debitedByMandate, queueRenewalChargeNotice } from "./renewal-notice.server.ts";

export interface RenewalTerms extends LateTerms {
  setBy: string;
  setAt: Date;
}

/** The fine and interest renewal charges take now; none until staff set them. */
export async function currentRenewalTerms(tx: Executor): Promise<RenewalTerms | null> {
  const [row] = await tx
    .select()
    .from(renewalChargeTerms)
    .orderBy(desc(renewalChargeTerms.setAt), desc(renewalChargeTerms.id))
    .limit(1);
  return row ?? null;
}

/** Staff set the fine and interest of the renewal charges made from now on. */
export async function setRenewalTerms(terms: LateTerms, setBy: string, now: Date): Promise<void> {
  const db = await getDb();
  await db.insert(renewalChargeTerms).values({ ...terms, setBy, setAt: now });
}

/** Whether a cycle can have a due-date charge: an API Pix, an amount, the payer's CPF or CNPJ. */
function dueChargePossible(
  charge: ChargeRow,
  subscription: Pick<SubscriptionRow, "payerDocument">,
  client: ApiPixClient | null,
): boolean {
  return Boolean(client) && charge.totalBrlCents > 0 && Boolean(subscription.payerDocument);
}

function dueChargeValues(
  charge: ChargeRow,
  terms: RenewalTerms | null,
  now: Date,
  holdsNotice: boolean,
): typeof pixDueCharges.$inferInsert {
  return {
    txid: chargeTxid(charge),
    chargeId: charge.id,
    amountBrlCents: charge.totalBrlCents,
    dueDate: charge.dueDate,
    daysAfterDue: getEnv().SUBSCRIPTION_GRACE_DAYS,
    fineBp: terms?.fineBp ?? 0,
    interestBpMonth: terms?.interestBpMonth ?? 0,
    holdsNotice,
    nextAttemptAt: now,
  };
}

/**
 * In the renewal's transaction: the cycle's due-date charge, to be created at the PSP. False
 * without an API Pix, an amount, or the payer's CPF or CNPJ (the contract's `devedor`).
 */
export async function queueDueChargeLocked(
  tx: Executor,
  charge: ChargeRow,
  subscription: Pick<SubscriptionRow, "payerDocument">,
  now: Date,
  holdsNotice = true,
  client: ApiPixClient | null = apiPix(),
): Promise<boolean> {
  if (!dueChargePossible(charge, subscription, client)) return false;
  const terms = await currentRenewalTerms(tx);
  await tx
    .insert(pixDueCharges)
    .values(dueChargeValues(charge, terms, now, holdsNotice))
    .onConflictDoNothing();
  return true;
}

/**
 * The renewal sweep's batch (docs/decisions/475): queueDueChargeLocked for many cycles, the
 * terms read once and the charges written by one statement. Returns the charges queued, whose
 * e-mails wait for their code.
 */
export async function queueDueChargesLocked(
  tx: Executor,
  items: readonly { charge: ChargeRow; subscription: Pick<SubscriptionRow, "payerDocument"> }[],
  now: Date,
  client: ApiPixClient | null = apiPix(),
): Promise<Set<string>> {
  const possible = items.filter(({ charge, subscription }) =>
    dueChargePossible(charge, subscription, client),
  );
  if (possible.length === 0) return new Set();
  const terms = await currentRenewalTerms(tx);
  await tx
    .insert(pixDueCharges)
    .values(possible.map(({ charge }) => dueChargeValues(charge, terms, now, true)))
    .onConflictDoNothing();
  return new Set(possible.map(({ charge }) => charge.id));
}

async function settle(txid: string, change: ChargeSettlement, error: string | null) {
  await withTransaction(async (tx) => {
    const [due] = await tx
      .update(pixDueCharges)
      .set({ ...change, lastError: error })
      .where(and(eq(pixDueCharges.txid, txid), eq(pixDueCharges.state, "pending")))
      .returning({ chargeId: pixDueCharges.chargeId, holdsNotice: pixDueCharges.holdsNotice });
    // The e-mail the charge held back goes now, with the code it has.
    if (due?.holdsNotice) await queueRenewalChargeNotice(tx, due.chargeId);
  });
}

/** Who the charge is made out to: the customer's name and CPF or CNPJ. */
async function payerOf(chargeId: string) {
  const db = await getDb();
  const [payer] = await db
    .select({ name: waitlist.name, document: subscriptions.payerDocument })
    .from(subscriptionCharges)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCharges.subscriptionId))
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .innerJoin(waitlist, eq(waitlist.id, orders.waitlistId))
    .where(eq(subscriptionCharges.id, chargeId));
  return payer?.document ? { name: payer.name, document: payer.document } : null;
}

/**
 * One attempt at creating a pending due-date charge at the PSP
 * (orders/pix-charge-attempts.server.ts). Null when another attempt held it.
 */
export async function createPendingDueCharge(
  txid: string,
  now: Date,
  client: ApiPixClient | null = apiPix(),
): Promise<"active" | "pending" | "failed" | null> {
  if (!client) return null;
  return attemptCharge(
    pixDueCharges,
    txid,
    now,
    async (due) => {
      const payer = await payerOf(due.chargeId);
      if (!payer) throw new ChargeNotPossible("sem CPF ou CNPJ do pagador");
      const cobv = await client.createCobv({
        txid,
        valor: centsText(due.amountBrlCents),
        dueDate: due.dueDate,
        daysAfterDue: due.daysAfterDue,
        payer,
        finePercent: due.fineBp > 0 ? percentText(due.fineBp) : null,
        interestPercentMonth: due.interestBpMonth > 0 ? percentText(due.interestBpMonth) : null,
        message: pixChargeCopy.renewalPayerMessage(txid.slice(0, 13)),
      });
      if (!cobv.pixCopiaECola) throw new PixApiRefusedError(201, "cobrança sem pixCopiaECola");
      return cobv.pixCopiaECola;
    },
    (change, error) => settle(txid, change, error),
  );
}

/** The worker: creates the pending due-date charges; returns when the next one falls due. */
export async function createDueRenewalCharges(
  now: Date,
  client: ApiPixClient | null = apiPix(),
): Promise<Date | null> {
  if (!client) return null;
  const db = await getDb();
  const due = await db
    .select({ txid: pixDueCharges.txid })
    .from(pixDueCharges)
    .where(and(eq(pixDueCharges.state, "pending"), lte(pixDueCharges.nextAttemptAt, now)))
    .orderBy(asc(pixDueCharges.nextAttemptAt))
    .limit(50);
  for (const { txid } of due) await createPendingDueCharge(txid, now, client);
  const [next] = await db
    .select({ at: min(pixDueCharges.nextAttemptAt) })
    .from(pixDueCharges)
    .where(eq(pixDueCharges.state, "pending"));
  return next?.at ?? null;
}

/**
 * The PIX the customer's page shows for an open renewal: its due-date charge's code when the
 * PSP has it (created now if still pending), else the static code.
 */
export async function renewalPix(
  charge: { id: string; reference: string; totalBrlCents: number },
  now: Date,
  client: ApiPixClient | null = apiPix(),
): Promise<{ code: string; qrSvg: string; dueDate: string | null } | null> {
  if (client) {
    const db = await getDb();
    const read = async () =>
      (await db.select().from(pixDueCharges).where(eq(pixDueCharges.chargeId, charge.id)))[0];
    let due = await read();
    if (due?.state === "pending") {
      await createPendingDueCharge(due.txid, now, client);
      due = await read();
    }
    if (due?.state === "active" && due.copyPaste) {
      return { code: due.copyPaste, qrSvg: await pixQrSvg(due.copyPaste), dueDate: due.dueDate };
    }
  }
  const pix = await sitePix({ amountBrlCents: charge.totalBrlCents, txid: charge.reference });
  return pix && { ...pix, dueDate: null };
}

/**
 * What a received Pix naming a due-date charge's txid must be (orders/pix-receipts.server.ts):
 * the amount up to its fine and interest for the days late, paid by the end of the days the
 * PSP still takes it.
 */
export async function dueChargeOf(tx: Executor, txid: string) {
  const [due] = await tx.select().from(pixDueCharges).where(eq(pixDueCharges.txid, txid));
  if (!due) return null;
  const lastDay = addDays(due.dueDate, due.daysAfterDue);
  return {
    target: { chargeId: due.chargeId },
    accepts: (cents: number, paidAt: Date) =>
      cents >= due.amountBrlCents &&
      cents <=
        lateCeilingCents(due.amountBrlCents, due, daysBetween(due.dueDate, localDate(paidAt))),
    expected: `${due.amountBrlCents} centavos com vencimento em ${due.dueDate}`,
    payableUntil: localInstant(addDays(lastDay, 1)),
  };
}

/**
 * The customer gave their CPF or CNPJ (or their mandate ended): the open renewal of the
 * subscription without a due-date charge gets one now (its code is on the page at once),
 * unless its mandate is to debit it.
 */
export async function queueDueChargesForDocument(
  tx: Executor,
  subscriptionId: string,
  now: Date,
): Promise<void> {
  const rows = await tx
    .select({ charge: subscriptionCharges, subscription: subscriptions })
    .from(subscriptionCharges)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCharges.subscriptionId))
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptionCharges.state, "open")));
  for (const { charge, subscription } of rows) {
    if (await debitedByMandate(tx, charge.id)) continue;
    await queueDueChargeLocked(tx, charge, subscription, now, false);
  }
}
