// Erasing "Meus dados" while subscribed (LGPD art. 16 and 18, docs/decisions/348): the page
// says what the erasure ends and the person chooses. "keep": what the contract and the law
// require stays (name, e-mail, the orders, the running robot's broker account) and the rest
// is erased now, the remainder once no subscription is live. "end": each live subscription
// ends at once by the erase move (charges voided, spot freed, robot listed to switch off),
// within the 7-day guarantee its full refund is requested from staff (CDC art. 49), and the
// person is erased in the same transaction. Never a served subscription with its account
// wiped.
import { and, eq, inArray } from "drizzle-orm";
import { orders, subscriptions } from "../../../db/schema.ts";
import { erasureCopy } from "../../content/sales.ts";
import { withTransaction } from "../../platform/db/db.server.ts";
import { PERSON_ACTOR } from "../orders/orders.server.ts";
import { eraseBeyondContract, eraseWaitlistEntryIn } from "../privacy/erasure.server.ts";
import { guarantee, type LocalDate } from "../subscriptions/calendar.ts";
import { liveSubscriptionStates } from "../subscriptions/model.ts";

type LiveSubscriptionState = (typeof liveSubscriptionStates)[number];
import { endSubscriptionIn } from "./end.server.ts";
import { lockSaleOf } from "./locks.server.ts";
import { paidSoFar } from "./refund.server.ts";
import { refundRequestedLocked } from "./refund-request.server.ts";

export const erasureChoices = ["keep", "end"] as const;
export type ErasureChoice = (typeof erasureChoices)[number];

export interface LiveSubscription {
  id: string;
  orderId: string;
  robotName: string;
  state: LiveSubscriptionState;
  paidThrough: LocalDate;
  withinGuarantee: boolean;
  /** What the guarantee refunds (everything paid), in cents. */
  paidCents: number;
}

/** The person's subscriptions still served: what an erasure would end. */
export async function liveSubscriptionsOf(entryId: string, now: Date): Promise<LiveSubscription[]> {
  return withTransaction(async (tx) => {
    const rows = await tx
      .select({ subscription: subscriptions })
      .from(subscriptions)
      .innerJoin(orders, eq(orders.id, subscriptions.orderId))
      .where(
        and(
          eq(orders.waitlistId, entryId),
          inArray(subscriptions.state, [...liveSubscriptionStates]),
        ),
      );
    return Promise.all(
      rows.map(async ({ subscription: row }) => ({
        id: row.id,
        orderId: row.orderId,
        robotName: row.robotName,
        state: row.state as LiveSubscriptionState,
        paidThrough: row.paidThrough,
        withinGuarantee: guarantee(row.firstPaidAt, now).allowed,
        paidCents: await paidSoFar(tx, row.orderId),
      })),
    );
  });
}

export type ErasureOutcome =
  | { outcome: "erased" }
  | { outcome: "kept" }
  | { outcome: "choice-needed" }
  | { outcome: "not-found" };

/** The person's erasure from "Meus dados", by their choice when they are subscribed. */
export async function eraseMyData(
  entryId: string,
  choice: ErasureChoice | null,
  now: Date,
): Promise<ErasureOutcome> {
  if (choice === "keep" && (await liveSubscriptionsOf(entryId, now)).length > 0) {
    return (await eraseBeyondContract(entryId, now))
      ? { outcome: "kept" }
      : { outcome: "not-found" };
  }
  return withTransaction(async (tx): Promise<ErasureOutcome> => {
    const owned = await tx
      .select({ orderId: orders.id })
      .from(orders)
      .where(eq(orders.waitlistId, entryId));
    await lockSaleOf(tx, { orderIds: owned.map((row) => row.orderId) });
    const live = await tx
      .select()
      .from(subscriptions)
      .innerJoin(orders, eq(orders.id, subscriptions.orderId))
      .where(
        and(
          eq(orders.waitlistId, entryId),
          inArray(subscriptions.state, [...liveSubscriptionStates]),
        ),
      );
    // Subscribed without a choice (an old page, a hand-made request): nothing is erased.
    if (live.length > 0 && choice !== "end") return { outcome: "choice-needed" };
    for (const { subscriptions: row } of live) {
      await endSubscriptionIn(tx, row.id, "erase", PERSON_ACTOR, erasureCopy.auditReason, now);
      if (guarantee(row.firstPaidAt, now).allowed && !row.refundRequestedAt) {
        await refundRequestedLocked(tx, row, erasureCopy.refundWhy, now, { anonymous: true });
      }
    }
    return (await eraseWaitlistEntryIn(tx, entryId))
      ? { outcome: "erased" }
      : { outcome: "not-found" };
  });
}
