// How a renewal's PIX is charged at the PSP (docs/decisions/365, 415): the seam where the renew
// move asks which API Pix charge a cycle gets. A customer whose approved Pix Automático mandate
// holds the amount is charged by `cobr`, debited on the due date; everyone else by a due-date
// charge, `cobv`. No API Pix, or a cobv that cannot be made (no CPF or CNPJ given): no charge
// at the PSP, and the cycle is paid by the static code as before.
import type { Executor } from "../../platform/db/db.server.ts";
import type { ChargeRow, SubscriptionRow } from "../subscriptions/subscriptions.server.ts";
import { debitingMandateOf, queueRecurringChargeLocked } from "./pix-recurring-charges.server.ts";
import { queueDueChargeLocked } from "./renewal-due-charges.server.ts";

export type RenewalPixMethod = "cobr" | "cobv";

/**
 * Queues the cycle's charge at the PSP in the renewal's transaction; true when its e-mail
 * waits for the PSP's code.
 */
type QueueRenewalCharge = (
  tx: Executor,
  charge: ChargeRow,
  subscription: SubscriptionRow,
  now: Date,
) => Promise<boolean>;

const renewalPixCharges: Record<RenewalPixMethod, QueueRenewalCharge> = {
  cobr: queueRecurringChargeLocked,
  cobv: queueDueChargeLocked,
};

/** Which charge the cycle gets: a mandate that holds its amount → cobr, else cobv. */
export async function renewalPixMethod(
  tx: Executor,
  subscription: Pick<SubscriptionRow, "id">,
  charge: Pick<ChargeRow, "totalBrlCents">,
): Promise<RenewalPixMethod> {
  return (await debitingMandateOf(tx, subscription.id, charge.totalBrlCents)) ? "cobr" : "cobv";
}

/**
 * In the renewal's transaction: queues the cycle's charge at the PSP by its method. True
 * when its e-mail waits for the code; false sends it now (a debit, or the static code).
 */
export async function queueRenewalPixChargeLocked(
  tx: Executor,
  charge: ChargeRow,
  subscription: SubscriptionRow,
  now: Date,
): Promise<boolean> {
  const method = await renewalPixMethod(tx, subscription, charge);
  return renewalPixCharges[method](tx, charge, subscription, now);
}
