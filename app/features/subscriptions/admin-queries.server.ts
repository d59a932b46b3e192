// What /admin/assinaturas shows (issue 24, docs/decisions/188): subscriptions by state with
// filters, the renewals due in the next 7 days and the revenue received per month and per
// robot. The robots to switch on or off are /admin/ligar-desligar's (decision 344).
import { and, asc, desc, eq, ilike, inArray, lte, sql, type SQL } from "drizzle-orm";
import {
  orders,
  payments,
  subscriptionCharges,
  subscriptions,
  waitlist,
} from "../../../db/schema.ts";
import { withTransaction, type Executor } from "../../platform/db/db.server.ts";
import { rowsOf } from "../../platform/db/rows.ts";
import { addDays, localDate, type LocalDate } from "./calendar.ts";
import { subscriptionStates, type SubscriptionState } from "./model.ts";
import { SAO_PAULO } from "../../lib/time-zone.ts";

const LIST_LIMIT = 200;
const ROBOT_FILTER_MAX = 100;
/** The renewals staff look ahead to. */
export const DUE_WINDOW_DAYS = 7;

export interface SubscriptionsFilter {
  state: SubscriptionState | null;
  /** Part of the robot's name. */
  robot: string;
}

export function parseSubscriptionsFilter(query: URLSearchParams): SubscriptionsFilter {
  const state = query.get("situacao");
  return {
    state: (subscriptionStates as readonly string[]).includes(state ?? "")
      ? (state as SubscriptionState)
      : null,
    // U+0000 cannot reach PostgreSQL, and no robot's name holds one.
    robot: (query.get("robo") ?? "").replaceAll("\u0000", "").trim().slice(0, ROBOT_FILTER_MAX),
  };
}

const zone = sql.raw(`'${SAO_PAULO}'`);

export interface RevenueLine {
  /** "2027-02" (a São Paulo month) or a robot's name. */
  key: string;
  brlCents: number;
  payments: number;
}

/**
 * Money received: first payments of orders not refunded, and paid renewal charges (their
 * amount as received), by São Paulo month and by robot.
 */
function revenueRows() {
  return sql`
    select p.amount_brl_cents as cents, p.recorded_at as at, o.robot_name as robot
    from ${payments} p join ${orders} o on o.id = p.order_id
    where o.state <> 'refunded' and p.amount_brl_cents is not null
    union all
    select coalesce(c.payment_amount_brl_cents, c.total_brl_cents), c.paid_at, s.robot_name
    from ${subscriptionCharges} c join ${subscriptions} s on s.id = c.subscription_id
    where c.state = 'paid'`;
}

const robotFilter = (robot: string): SQL | undefined =>
  robot ? ilike(subscriptions.robotName, `%${robot.replace(/[\\%_]/g, "\\$&")}%`) : undefined;

/** Subscriptions with their person, first order and open charge, for the lists. */
function subscriptionRows(tx: Executor, where: SQL | undefined, order: SQL) {
  return tx
    .select({
      id: subscriptions.id,
      orderId: subscriptions.orderId,
      state: subscriptions.state,
      robotName: subscriptions.robotName,
      orderReference: orders.reference,
      personName: waitlist.name,
      personEmail: waitlist.email,
      paidCycle: subscriptions.paidCycle,
      paidThrough: subscriptions.paidThrough,
      firstPaidAt: subscriptions.firstPaidAt,
      suspendedAt: subscriptions.suspendedAt,
      endedAt: subscriptions.endedAt,
      refundRequestedAt: subscriptions.refundRequestedAt,
      refundMethod: subscriptions.refundMethod,
      refundReference: subscriptions.refundReference,
      openChargeReference: subscriptionCharges.reference,
      openChargeCycle: subscriptionCharges.cycle,
      openChargeDue: subscriptionCharges.dueDate,
      openChargeBrlCents: subscriptionCharges.totalBrlCents,
    })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .leftJoin(waitlist, eq(waitlist.id, orders.waitlistId))
    .leftJoin(
      subscriptionCharges,
      and(
        eq(subscriptionCharges.subscriptionId, subscriptions.id),
        eq(subscriptionCharges.state, "open"),
      ),
    )
    .where(where)
    .orderBy(order)
    .limit(LIST_LIMIT);
}

export async function subscriptionsOverview(filter: SubscriptionsFilter, now: Date) {
  const today = localDate(now);
  const dueBy: LocalDate = addDays(today, DUE_WINDOW_DAYS);
  return withTransaction(async (tx) => {
    const counts = await tx
      .select({ state: subscriptions.state, count: sql<number>`count(*)::int` })
      .from(subscriptions)
      .where(robotFilter(filter.robot))
      .groupBy(subscriptions.state);
    const list = await subscriptionRows(
      tx,
      and(
        filter.state ? eq(subscriptions.state, filter.state) : undefined,
        robotFilter(filter.robot),
      ),
      desc(subscriptions.createdAt),
    );
    const due = await subscriptionRows(
      tx,
      and(
        inArray(subscriptions.state, ["active", "past-due"]),
        lte(subscriptions.paidThrough, dueBy),
      ),
      asc(subscriptions.paidThrough),
    );
    const byMonth = await tx.execute(sql`
      select to_char(r.at at time zone ${zone}, 'YYYY-MM') as key,
        sum(r.cents)::int as cents, count(*)::int as n
      from (${revenueRows()}) r group by 1 order by 1 desc limit 12`);
    const byRobot = await tx.execute(sql`
      select r.robot as key, sum(r.cents)::int as cents, count(*)::int as n
      from (${revenueRows()}) r group by 1 order by 2 desc, 1`);
    const lines = (result: unknown): RevenueLine[] =>
      rowsOf<{ key: string; cents: number; n: number }>(result).map((row) => ({
        key: row.key,
        brlCents: Number(row.cents),
        payments: Number(row.n),
      }));
    return {
      counts: Object.fromEntries(counts.map((row) => [row.state, row.count])) as Partial<
        Record<SubscriptionState, number>
      >,
      list,
      due,
      revenue: { byMonth: lines(byMonth).reverse(), byRobot: lines(byRobot) },
      today,
    };
  });
}

export type SubscriptionsOverview = Awaited<ReturnType<typeof subscriptionsOverview>>;
export type SubscriptionListItem = SubscriptionsOverview["list"][number];
