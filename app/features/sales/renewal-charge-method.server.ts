// How a renewal's PIX is charged at the PSP (docs/decisions/365, 415): the seam where the renew
// move asks which API Pix charge a cycle gets. A customer whose approved Pix Automático mandate
// holds the amount is charged by `cobr`, debited on the due date; everyone else by a due-date
// charge, `cobv`. No API Pix, or a cobv that cannot be made (no CPF or CNPJ given): no charge
// at the PSP, and the cycle is paid by the static code as before. The sweep asks for a whole
// batch of renewals at once (docs/decisions/475).
import type { Executor } from "../../platform/db/db.server.ts";
import type { ChargeRow, SubscriptionRow } from "../subscriptions/subscriptions.server.ts";
import {
  debitingMandateIn,
  debitingMandatesOf,
  queueRecurringChargesLocked,
} from "./pix-recurring-charges.server.ts";
import { queueDueChargesLocked } from "./renewal-due-charges.server.ts";

/** How each renewal of a batch is charged, and so what its e-mail says and when it goes. */
export interface RenewalPixCharges {
  /** Debited under a mandate (a cobr queued): the e-mail goes now and says the debit. */
  debited: Set<string>;
  /** A due-date charge queued: the e-mail waits for its code. */
  held: Set<string>;
  /** The cobr queued, for the worker to send once the transaction committed. */
  cobrTxids: string[];
}

/**
 * In the renewals' transaction: queues each cycle's charge at the PSP, a cobr when an approved
 * mandate holds its amount, else a cobv. One statement reads the batch's mandates and one
 * writes each kind of charge. A charge in neither set sends its e-mail now, with the static
 * code.
 */
export async function queueRenewalPixChargesLocked(
  tx: Executor,
  renewals: readonly { charge: ChargeRow; subscription: SubscriptionRow }[],
  now: Date,
): Promise<RenewalPixCharges> {
  const mandates = await debitingMandatesOf(
    tx,
    renewals.map(({ subscription }) => subscription.id),
  );
  const byMandate: { charge: ChargeRow; mandate: { id: string } }[] = [];
  const rest: { charge: ChargeRow; subscription: SubscriptionRow }[] = [];
  for (const renewal of renewals) {
    const mandate = debitingMandateIn(
      mandates,
      renewal.subscription.id,
      renewal.charge.totalBrlCents,
    );
    if (mandate) byMandate.push({ charge: renewal.charge, mandate });
    else rest.push(renewal);
  }
  const cobrTxids = await queueRecurringChargesLocked(tx, byMandate, now);
  return {
    debited: new Set(byMandate.map(({ charge }) => charge.id)),
    held: await queueDueChargesLocked(tx, rest, now),
    cobrTxids,
  };
}
