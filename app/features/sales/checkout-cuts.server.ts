// Card checkouts cannot outlive what they pay (docs/decisions/342, 347): an order's checkout
// ends at its deadline, but a renewal charge's voiding (a cancellation, an end, a refund) or
// an order cancelled by staff is an event, not a date. Each live checkout whose order or
// charge no longer awaits payment has its preference expired at the provider, once; a
// provider that cannot be reached is tried again at the next run.
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { cardCheckouts } from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import {
  expireCheckout,
  type MercadoPagoConfig,
  ProviderUnavailableError,
} from "../../platform/payments/mercado-pago.server.ts";
import { movableFrom } from "./transitions.ts";

const BATCH = 100;

/** Expires the live checkouts of closed orders and charges; returns how many were cut. */
export async function cutClosedCheckouts(config: MercadoPagoConfig, now: Date): Promise<number> {
  const db = await getDb();
  // What still takes a payment: the states the pay move starts from, but an expired order
  // (its late money is judged by the ledger, not by an open checkout).
  const payableOrder = movableFrom("order", "pay").filter((state) => state !== "expired");
  const payableCharge = movableFrom("charge", "pay");
  const closed = await db
    .select({ preferenceId: cardCheckouts.preferenceId })
    .from(cardCheckouts)
    .where(
      and(
        isNull(cardCheckouts.cutAt),
        gt(cardCheckouts.expiresAt, now),
        sql`(exists (select 1 from subscription_charges c where c.reference = ${cardCheckouts.reference}
               and c.state not in (${sql.join(
                 payableCharge.map((state) => sql`${state}`),
                 sql`, `,
               )}))
          or exists (select 1 from orders o where o.reference = ${cardCheckouts.reference}
               and o.state not in (${sql.join(
                 payableOrder.map((state) => sql`${state}`),
                 sql`, `,
               )})))`,
      ),
    )
    .limit(BATCH);
  let cut = 0;
  for (const { preferenceId } of closed) {
    try {
      await expireCheckout(config, preferenceId, now);
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      getLogger().warn({ err: error, preferenceId }, "Mercado Pago checkout not cut yet");
      continue;
    }
    await db
      .update(cardCheckouts)
      .set({ cutAt: now })
      .where(eq(cardCheckouts.preferenceId, preferenceId));
    cut += 1;
  }
  return cut;
}
