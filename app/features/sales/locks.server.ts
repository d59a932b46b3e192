// The product's one lock order (decisions 125, 154, 330): robot -> person -> invitation ->
// order -> subscription -> renewal charge -> money event. Every move of the sale takes its
// locks here, each level in one statement sorted by id (people in their queue order), so no
// two moves ever wait on each other in a cycle. Erasure (person, then what points at them)
// and the invitation feature's own answers (robot, person, invitation) follow the same order.
import { and, asc, eq, inArray, or } from "drizzle-orm";
import {
  invitations,
  moneyEvents,
  orders,
  robots,
  subscriptionCharges,
  subscriptions,
  waitlist,
} from "../../../db/schema.ts";
import type { Executor } from "../../platform/db/db.server.ts";

export interface SaleKeys {
  robotIds?: readonly string[];
  waitlistIds?: readonly string[];
  invitationIds?: readonly string[];
  orderIds?: readonly string[];
  subscriptionIds?: readonly string[];
  chargeIds?: readonly string[];
  moneyEventIds?: readonly string[];
}

const CHUNK = 1000;

const ids = (list: readonly (string | null | undefined)[] | undefined) =>
  [...new Set((list ?? []).filter((id): id is string => typeof id === "string"))].sort();

async function inChunks(list: string[], lock: (chunk: string[]) => Promise<unknown>) {
  for (let i = 0; i < list.length; i += CHUNK) await lock(list.slice(i, i + CHUNK));
}

/** Takes the given rows' locks in the one order; rows that are gone are skipped. */
export async function lockInOrder(tx: Executor, keys: SaleKeys): Promise<void> {
  await inChunks(ids(keys.robotIds), (chunk) =>
    tx
      .select({ id: robots.id })
      .from(robots)
      .where(inArray(robots.id, chunk))
      .orderBy(asc(robots.id))
      // NO KEY UPDATE: serialises the robot's spots, lets rows that reference it be written.
      .for("no key update"),
  );
  await inChunks(ids(keys.waitlistIds), (chunk) =>
    tx
      .select({ id: waitlist.id })
      .from(waitlist)
      .where(inArray(waitlist.id, chunk))
      .orderBy(asc(waitlist.createdAt), asc(waitlist.id))
      .for("no key update"),
  );
  await inChunks(ids(keys.invitationIds), (chunk) =>
    tx
      .select({ id: invitations.id })
      .from(invitations)
      .where(inArray(invitations.id, chunk))
      .orderBy(asc(invitations.id))
      .for("update"),
  );
  await inChunks(ids(keys.orderIds), (chunk) =>
    tx
      .select({ id: orders.id })
      .from(orders)
      .where(inArray(orders.id, chunk))
      .orderBy(asc(orders.id))
      .for("update"),
  );
  await inChunks(ids(keys.subscriptionIds), (chunk) =>
    tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(inArray(subscriptions.id, chunk))
      .orderBy(asc(subscriptions.id))
      .for("update"),
  );
  await inChunks(ids(keys.chargeIds), (chunk) =>
    tx
      .select({ id: subscriptionCharges.id })
      .from(subscriptionCharges)
      .where(inArray(subscriptionCharges.id, chunk))
      .orderBy(asc(subscriptionCharges.id))
      .for("update"),
  );
  await inChunks(ids(keys.moneyEventIds), (chunk) =>
    tx
      .select({ id: moneyEvents.id })
      .from(moneyEvents)
      .where(inArray(moneyEvents.id, chunk))
      .orderBy(asc(moneyEvents.id))
      .for("update"),
  );
}

/**
 * Everything a move on these orders, subscriptions or charges may touch, read without locks,
 * then locked in the one order: the robot (its spots), the person, the invitation (the spot),
 * the order, its subscription and that subscription's charges.
 */
export async function lockSaleOf(
  tx: Executor,
  start: {
    orderIds?: readonly string[];
    subscriptionIds?: readonly string[];
    chargeIds?: readonly string[];
  },
  extra: Pick<SaleKeys, "moneyEventIds"> & {
    /**
     * "paying-orders": the robot of an order only when the order has expired. Paying an
     * order that awaits payment moves no spot (its invitation stays accepted), and the
     * robot's lock would queue every payment of a robot behind the others' commits
     * (docs/decisions/410); reviving an expired one counts spots (payOrderLocked).
     */
    robots?: "always" | "paying-orders";
  } = {},
): Promise<void> {
  const chargeIds = ids(start.chargeIds);
  const subscriptionIds = new Set(ids(start.subscriptionIds));
  for (let i = 0; i < chargeIds.length; i += CHUNK) {
    const rows = await tx
      .select({ subscriptionId: subscriptionCharges.subscriptionId })
      .from(subscriptionCharges)
      .where(inArray(subscriptionCharges.id, chargeIds.slice(i, i + CHUNK)));
    for (const row of rows) subscriptionIds.add(row.subscriptionId);
  }
  const orderIds = new Set(ids(start.orderIds));
  const subscriptionList = [...subscriptionIds];
  for (let i = 0; i < subscriptionList.length; i += CHUNK) {
    const rows = await tx
      .select({ orderId: subscriptions.orderId })
      .from(subscriptions)
      .where(inArray(subscriptions.id, subscriptionList.slice(i, i + CHUNK)));
    for (const row of rows) orderIds.add(row.orderId);
  }
  const orderList = [...orderIds];
  const keys: Required<SaleKeys> = {
    robotIds: [],
    waitlistIds: [],
    invitationIds: [],
    orderIds: orderList,
    subscriptionIds: [],
    chargeIds,
    moneyEventIds: extra.moneyEventIds ?? [],
  };
  for (let i = 0; i < orderList.length; i += CHUNK) {
    const chunk = orderList.slice(i, i + CHUNK);
    const rows = await tx
      .select({
        robotId: orders.robotId,
        waitlistId: orders.waitlistId,
        invitationId: orders.invitationId,
        state: orders.state,
        subscriptionId: subscriptions.id,
      })
      .from(orders)
      .leftJoin(subscriptions, eq(subscriptions.orderId, orders.id))
      .where(inArray(orders.id, chunk));
    for (const row of rows) {
      const spotsMove = extra.robots !== "paying-orders" || row.state === "expired";
      if (row.robotId && spotsMove) (keys.robotIds as string[]).push(row.robotId);
      if (row.waitlistId) (keys.waitlistIds as string[]).push(row.waitlistId);
      if (row.invitationId) (keys.invitationIds as string[]).push(row.invitationId);
      if (row.subscriptionId) subscriptionIds.add(row.subscriptionId);
    }
  }
  keys.subscriptionIds = [...subscriptionIds];
  // A move on a subscription may void its open charges: those are locked too.
  const openCharges = keys.subscriptionIds.length
    ? await tx
        .select({ id: subscriptionCharges.id })
        .from(subscriptionCharges)
        .where(
          and(
            inArray(subscriptionCharges.subscriptionId, [...keys.subscriptionIds]),
            or(eq(subscriptionCharges.state, "open"), inArray(subscriptionCharges.id, chargeIds)),
          ),
        )
    : [];
  keys.chargeIds = [...chargeIds, ...openCharges.map((row) => row.id)];
  await lockInOrder(tx, keys);
}
