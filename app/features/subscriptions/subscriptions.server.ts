// Subscriptions after the first payment (issue 24, docs/decisions/172): the renewal sweep,
// paying a cycle, cancelling, the 7-day guarantee. Every change writes its audit row and its
// e-mail in the same transaction. Locks are taken robot -> invitation -> order ->
// subscription -> charge, the order the orders module uses, so no two changes wait on each
// other in a cycle.
import { and, eq, inArray } from "drizzle-orm";
import type { subscriptions } from "../../../db/schema.ts";
import { orders, subscriptionCharges, subscriptionEvents, waitlist } from "../../../db/schema.ts";
import type { Executor } from "../../platform/db/db.server.ts";
import { enqueue } from "../../platform/jobs/enqueue.server.ts";
import type { MessageJob } from "../../platform/jobs/registry.ts";
import type { PaymentMethod } from "../orders/model.ts";
import type { Anchor } from "./calendar.ts";
import { type SubscriptionState } from "./model.ts";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type ChargeRow = typeof subscriptionCharges.$inferSelect;

export const BATCH = 200;

export function anchorOf(row: Pick<SubscriptionRow, "anchorDate" | "anchorCycle">): Anchor {
  return { date: row.anchorDate, cycle: row.anchorCycle };
}

export async function auditSubscriptions(
  tx: Executor,
  rows: {
    subscriptionId: string;
    actor: string;
    at: Date;
    fromState: SubscriptionState | null;
    toState: SubscriptionState | null;
    reason: string;
  }[],
) {
  if (rows.length > 0) await tx.insert(subscriptionEvents).values(rows);
}

/** The person a subscription's e-mails go to (its order's); none once their data was erased. */
export async function customerOf(tx: Executor, orderId: string) {
  const [person] = await tx
    .select({ name: waitlist.name, email: waitlist.email })
    .from(orders)
    .innerJoin(waitlist, eq(waitlist.id, orders.waitlistId))
    .where(eq(orders.id, orderId));
  return person ?? null;
}

/** customerOf for many orders by one statement (the renewal sweep's batch): order id -> person. */
export async function customersOf(
  tx: Executor,
  orderIds: readonly string[],
): Promise<Map<string, { name: string; email: string }>> {
  if (orderIds.length === 0) return new Map();
  const rows = await tx
    .select({ orderId: orders.id, name: waitlist.name, email: waitlist.email })
    .from(orders)
    .innerJoin(waitlist, eq(waitlist.id, orders.waitlistId))
    .where(inArray(orders.id, [...orderIds]));
  return new Map(rows.map(({ orderId, name, email }) => [orderId, { name, email }]));
}

export async function notifyCustomer(
  tx: Executor,
  orderId: string,
  message: (name: string, to: string) => MessageJob,
) {
  const person = await customerOf(tx, orderId);
  if (person) await enqueue(tx, message(person.name, person.email));
}

export async function openChargeOf(
  tx: Executor,
  subscriptionId: string,
): Promise<ChargeRow | null> {
  const [charge] = await tx
    .select()
    .from(subscriptionCharges)
    .where(
      and(
        eq(subscriptionCharges.subscriptionId, subscriptionId),
        eq(subscriptionCharges.state, "open"),
      ),
    );
  return charge ?? null;
}

export type PayChargeOutcome = "paid" | "already-paid" | "not-payable" | "not-found";

export interface ChargePayment {
  method: PaymentMethod;
  reference: string;
  amountBrlCents?: number | null;
}
