// The expire move (docs/decisions/330): every order still unpaid at its deadline expires,
// its invitation with it, so the spot is free. Money received before the deadline but
// learnt of later still pays it, if the spot is free (pay.server.ts).
import { and, asc, eq, lte } from "drizzle-orm";
import { orders } from "../../../db/schema.ts";
import { withTransaction } from "../../platform/db/db.server.ts";
import { SWEEP_BATCH, SYSTEM_ACTOR } from "../orders/orders.server.ts";
import { closeOrderIn } from "./close-order.server.ts";

/** Expires every order still unpaid at its deadline; returns how many. */
export async function expireDueOrders(now: Date): Promise<number> {
  let expired = 0;
  for (;;) {
    const due = await withTransaction((tx) =>
      tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.state, "awaiting-payment"), lte(orders.deadline, now)))
        .orderBy(asc(orders.deadline))
        .limit(SWEEP_BATCH),
    );
    let progressed = 0;
    for (const { id } of due) {
      const { outcome } = await withTransaction((tx) =>
        closeOrderIn(tx, id, "expire", SYSTEM_ACTOR, "prazo de pagamento encerrado", now, true),
      );
      if (outcome === "closed") progressed += 1;
    }
    expired += progressed;
    if (due.length < SWEEP_BATCH || progressed === 0) break;
  }
  return expired;
}
