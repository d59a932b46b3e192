// What /admin/pedidos shows: the rate, each robot's early-list discount, the Pix waiting for
// staff or not yet applied, and the orders.
import { and, asc, desc, eq, isNotNull, type SQL } from "drizzle-orm";
import { moneyEvents, robots, orders, waitlist } from "../../../db/schema.ts";
import { withTransaction } from "../../platform/db/db.server.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import { orderStates, type OrderState } from "./model.ts";
import { currentExchangeRate, listEarlyDiscounts, orderEventsOf } from "./orders.server.ts";
import { stuckPix } from "./pix-inbox.server.ts";

const LIST_LIMIT = 200;

export interface OrdersFilter {
  state: OrderState | null;
  linksOnly: boolean;
}

export function parseOrdersFilter(query: URLSearchParams): OrdersFilter {
  const state = query.get("situacao");
  return {
    state: (orderStates as readonly string[]).includes(state ?? "") ? (state as OrderState) : null,
    linksOnly: query.get("link") === "1",
  };
}

export async function ordersOverview(filter: OrdersFilter) {
  return withTransaction(async (tx) => {
    const conditions: SQL[] = [];
    if (filter.state) conditions.push(eq(orders.state, filter.state));
    if (filter.linksOnly) conditions.push(isNotNull(orders.linkRequestedAt));
    const rows = await tx
      .select({
        id: orders.id,
        reference: orders.reference,
        state: orders.state,
        robotName: orders.robotName,
        personName: waitlist.name,
        personEmail: waitlist.email,
        partnerBroker: orders.partnerBroker,
        totalUsdCents: orders.totalUsdCents,
        totalBrlCents: orders.totalBrlCents,
        deadline: orders.deadline,
        linkMethod: orders.linkMethod,
        linkSentAt: orders.linkSentAt,
        linkSentBy: orders.linkSentBy,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .leftJoin(waitlist, eq(waitlist.id, orders.waitlistId))
      .where(conditions.length > 0 ? and(...conditions) : undefined)
      // Awaiting payment first, nearest deadline first; then the newest.
      .orderBy(
        desc(eq(orders.state, "awaiting-payment")),
        asc(orders.deadline),
        desc(orders.createdAt),
      )
      .limit(LIST_LIMIT);
    const history = new Map<string, Awaited<ReturnType<typeof orderEventsOf>>>();
    for (const row of rows) history.set(row.id, await orderEventsOf(tx, row.id));
    const rate = await currentExchangeRate(tx);
    const discounts = new Map((await listEarlyDiscounts(tx)).map((d) => [d.robotId, d]));
    const robotRows = await tx
      .select({ id: robots.id, name: robots.name })
      .from(robots)
      .orderBy(asc(robots.name));
    // The ledger's API Pix money waiting for staff (docs/decisions/368).
    const unresolvedPix = await tx
      .select({
        endToEndId: moneyEvents.sourceId,
        txid: moneyEvents.reference,
        amountBrlCents: moneyEvents.amountCents,
        paidAt: moneyEvents.receivedAt,
        reason: moneyEvents.waitingReason,
      })
      .from(moneyEvents)
      .where(and(eq(moneyEvents.source, "api-pix"), eq(moneyEvents.state, "waiting")))
      .orderBy(desc(moneyEvents.recordedAt))
      .limit(LIST_LIMIT);
    return {
      unresolvedPix,
      stuckPix: await stuckPix(tx, appNow()),
      rate,
      robots: robotRows.map((robot) => ({ ...robot, early: discounts.get(robot.id) ?? null })),
      orders: rows.map((row) => ({ ...row, events: history.get(row.id) ?? [] })),
    };
  });
}

export type OrdersOverview = Awaited<ReturnType<typeof ordersOverview>>;
