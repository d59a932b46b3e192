// How a renewal's PIX is charged at the PSP (docs/decisions/365, 415): the seam where the renew
// move asks which API Pix charge a cycle gets. A customer whose approved Pix Automático mandate
// holds the amount is charged by `cobr`, debited on the due date; everyone else by a due-date
// charge, `cobv`. No API Pix, or a cobv that cannot be made (no CPF or CNPJ given): no charge
// at the PSP, and the cycle is paid by the static code as before.
import type { Executor } from "../../platform/db/db.server.ts";
import type { ChargeRow, SubscriptionRow } from "../subscriptions/subscriptions.server.ts";
import { debitingMandateOf, queueRecurringChargeLocked } from "./pix-recurring-charges.server.ts";
import { queueDueChargeLocked } from "./renewal-due-charges.server.ts";

/**
 * In the renewal's transaction: queues the cycle's charge at the PSP, a cobr when an approved
 * mandate holds its amount, else a cobv; the mandate is looked up once. True when its e-mail
 * waits for the code; false sends it now (a debit, or the static code).
 */
export async function queueRenewalPixChargeLocked(
  tx: Executor,
  charge: ChargeRow,
  subscription: SubscriptionRow,
  now: Date,
): Promise<boolean> {
  const mandate = await debitingMandateOf(tx, subscription.id, charge.totalBrlCents);
  return mandate
    ? queueRecurringChargeLocked(tx, charge, mandate, now)
    : queueDueChargeLocked(tx, charge, subscription, now);
}
