// How a renewal's PIX is charged at the PSP (docs/decisions/365): the seam where the renew
// move asks which API Pix charge a cycle gets. A customer with a Pix Automático mandate is
// charged by `cobr` (that helper adds its method and the mandate check here); everyone else
// by a due-date charge, `cobv`. No API Pix, or a cobv that cannot be made (no CPF or CNPJ
// given): no method, and the cycle is paid by the static code as before.
import type { Executor } from "../../platform/db/db.server.ts";
import type { ChargeRow, SubscriptionRow } from "../subscriptions/subscriptions.server.ts";
import { queueDueChargeLocked } from "./renewal-due-charges.server.ts";

export type RenewalPixMethod = "cobv";

/** Queues the cycle's charge at the PSP in the renewal's transaction; true when one was queued. */
type QueueRenewalCharge = (
  tx: Executor,
  charge: ChargeRow,
  subscription: SubscriptionRow,
  now: Date,
) => Promise<boolean>;

const renewalPixCharges: Record<RenewalPixMethod, QueueRenewalCharge> = {
  cobv: queueDueChargeLocked,
};

/** Which charge the cycle gets: mandate → cobr, else cobv. */
export async function renewalPixMethod(
  _tx: Executor,
  _subscription: SubscriptionRow,
): Promise<RenewalPixMethod> {
  return "cobv";
}

/**
 * In the renewal's transaction: queues the cycle's charge at the PSP by its method. True
 * when one was queued, so its e-mail waits for the code; false sends it with the static code.
 */
export async function queueRenewalPixChargeLocked(
  tx: Executor,
  charge: ChargeRow,
  subscription: SubscriptionRow,
  now: Date,
): Promise<boolean> {
  const method = await renewalPixMethod(tx, subscription);
  return renewalPixCharges[method](tx, charge, subscription, now);
}
