// Renewal charges in the bank-statement import (docs/decisions/189): to the orders' matcher an
// open charge is one more payable item (its reference is the PIX txid a transfer quotes);
// applying the import pays it through the pay move, in the import's transaction.
import { type AnyColumn, inArray, sql } from "drizzle-orm";
import { subscriptionCharges } from "../../../db/schema.ts";
import type { Executor } from "../../platform/db/db.server.ts";
import { amongText, inBatches, rowsOf } from "../../platform/db/rows.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import type { MatchableOrder } from "../orders/matching.ts";
import type { OrderState } from "../orders/model.ts";
import { SAO_PAULO } from "../../lib/time-zone.ts";
import type { ChargeState } from "../subscriptions/model.ts";

/** How a charge reads in the import's preview, in the orders' words. */
const asOrderState: Record<ChargeState, OrderState> = {
  open: "awaiting-payment",
  paid: "paid",
  void: "cancelled",
};

/** A time's São Paulo calendar day, "YYYY-MM-DD", computed by the database. */
export const saoPauloDay = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone ${sql.raw(`'${SAO_PAULO}'`)}, 'YYYY-MM-DD')`;

/**
 * Every open charge and any charge the statement quotes. A credit that quotes none pays a
 * charge by its exact amount only between the day it was issued and the end of its grace.
 * One plain statement, dated by the database, as the orders' (docs/decisions/406).
 */
export async function matchableCharges(tx: Executor, quoted: string[]): Promise<MatchableOrder[]> {
  const graceDays = getEnv().SUBSCRIPTION_GRACE_DAYS;
  const rows = rowsOf<Omit<MatchableOrder, "state"> & { state: ChargeState }>(
    await tx.execute(sql`
      select ${subscriptionCharges.id} as "id", ${subscriptionCharges.reference} as "reference",
             ${subscriptionCharges.state} as "state",
             ${subscriptionCharges.totalBrlCents} as "amountBrlCents",
             ${saoPauloDay(subscriptionCharges.createdAt)} as "createdOn",
             to_char(${subscriptionCharges.dueDate} + ${graceDays}::int, 'YYYY-MM-DD') as "deadlineOn"
        from ${subscriptionCharges}
       where ${subscriptionCharges.state} = 'open'
          or ${amongText(subscriptionCharges.reference, quoted)}`),
  );
  return rows.map((row) => ({ ...row, state: asOrderState[row.state] }));
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
