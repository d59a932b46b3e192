// Renewal charges in the bank-statement import (docs/decisions/189): to the orders' matcher an
// open charge is one more payable item (its reference is the PIX txid a transfer quotes);
// applying the import pays it through the pay move, in the import's transaction.
import { eq, inArray } from "drizzle-orm";
import { subscriptionCharges } from "../../../db/schema.ts";
import type { Executor } from "../../platform/db/db.server.ts";
import { inBatches, orAmong } from "../../platform/db/rows.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import type { MatchableOrder } from "../orders/matching.ts";
import type { OrderState } from "../orders/model.ts";
import { addDays, localDate } from "../subscriptions/calendar.ts";
import type { ChargeState } from "../subscriptions/model.ts";

/** How a charge reads in the import's preview, in the orders' words. */
const asOrderState: Record<ChargeState, OrderState> = {
  open: "awaiting-payment",
  paid: "paid",
  void: "cancelled",
};

/**
 * Every open charge and any charge the statement quotes. A credit that quotes none pays a
 * charge by its exact amount only between the day it was issued and the end of its grace.
 */
export async function matchableCharges(tx: Executor, quoted: string[]): Promise<MatchableOrder[]> {
  const graceDays = getEnv().SUBSCRIPTION_GRACE_DAYS;
  const rows = await tx
    .select({
      id: subscriptionCharges.id,
      reference: subscriptionCharges.reference,
      state: subscriptionCharges.state,
      amountBrlCents: subscriptionCharges.totalBrlCents,
      createdAt: subscriptionCharges.createdAt,
      dueDate: subscriptionCharges.dueDate,
    })
    .from(subscriptionCharges)
    .where(orAmong(eq(subscriptionCharges.state, "open"), subscriptionCharges.reference, quoted));
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    state: asOrderState[row.state],
    amountBrlCents: row.amountBrlCents,
    createdOn: localDate(row.createdAt),
    deadlineOn: addDays(row.dueDate, graceDays),
  }));
}

/** The references of the charges among `ids` (the preview names what each credit pays). */
export async function chargeReferences(
  tx: Executor,
  ids: string[],
): Promise<Record<string, string>> {
  const rows = await inBatches(ids, (batch) =>
    tx
      .select({ id: subscriptionCharges.id, reference: subscriptionCharges.reference })
      .from(subscriptionCharges)
      .where(inArray(subscriptionCharges.id, batch)),
  );
  return Object.fromEntries(rows.map((row) => [row.id, row.reference]));
}
