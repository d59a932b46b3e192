// Orders (issue 23, docs/decisions/154). Locks are always taken in the order robot row ->
// person row -> invitation row -> order row (decision 125), which acceptance
// (invitations.server.ts) and erasure (the person, the invitation's cascade, then the order's
// set-null) follow too, so no two of them wait on each other in a cycle. A spot is held by the accepted invitation: an order that expires,
// is cancelled or refunded ends its invitation in the same transaction, which frees the spot.
import { randomInt } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import {
  earlyDiscounts,
  exchangeRates,
  orderEvents,
  orders,
  robots,
  waitlist,
} from "../../../db/schema.ts";
import { withTransaction, type Executor } from "../../platform/db/db.server.ts";
import { insertRowsSql } from "../../platform/db/rows.ts";
import { REMINDER_HOURS_BEFORE } from "../../content/invitations.ts";
import { enqueue } from "../../platform/jobs/enqueue.server.ts";
import {
  orderReminder,
  type Person,
  queueAmountsSet,
  queueOrderCreated,
} from "./order-mail.server.ts";
import {
  ORDER_REFERENCE_ALPHABET,
  type ExchangeRateSource,
  type OrderState,
  type PaymentMethod,
} from "./model.ts";
import { orderAmounts, parseDecimal, priceCents, rateText, toReais } from "./money.ts";
import { queuePixChargeLocked } from "./pix-charges.server.ts";

export type OrderRow = typeof orders.$inferSelect;

/** Actors written in the audit rows for changes no staff member made. */
export const SYSTEM_ACTOR = "sistema";
export const PERSON_ACTOR = "cliente";

const REMINDER_BEFORE_MS = REMINDER_HOURS_BEFORE * 3_600_000;

/** Whether an order with this deadline is within its reminder window at `now`. */
const reminderDue = (deadline: Date, now: Date) =>
  deadline.getTime() - REMINDER_BEFORE_MS <= now.getTime();

export function newOrderReference(): string {
  let reference = "AFX";
  for (let i = 0; i < 10; i++) reference += ORDER_REFERENCE_ALPHABET[randomInt(32)];
  return reference;
}

export async function auditOrders(
  tx: Executor,
  rows: {
    orderId: string;
    actor: string;
    at: Date;
    fromState: OrderState | null;
    toState: OrderState | null;
    reason: string;
  }[],
) {
  for (let i = 0; i < rows.length; i += 1000) {
    await tx.execute(insertRowsSql(orderEvents, rows.slice(i, i + 1000)));
  }
}

export interface ExchangeRate {
  rate: number;
  setBy: string;
  setAt: Date;
  source: ExchangeRateSource;
  /** The PTAX's business day, YYYY-MM-DD. */
  quotedOn: string | null;
  reason: string | null;
}

/** Where a rate came from, as setExchangeRate records it. */
export type RateOrigin =
  { source: "ptax"; quotedOn: string } | { source: "staff"; reason: string | null };

export async function currentExchangeRate(tx: Executor): Promise<ExchangeRate | null> {
  const [row] = await tx
    .select()
    .from(exchangeRates)
    .orderBy(desc(exchangeRates.setAt), desc(exchangeRates.id))
    .limit(1);
  if (!row) return null;
  const rate = parseDecimal(row.rate, 4);
  return rate === null
    ? null
    : {
        rate,
        setBy: row.setBy,
        setAt: row.setAt,
        source: row.source,
        quotedOn: row.quotedOn,
        reason: row.reason,
      };
}

/**
 * Staff set the exchange rate (already validated: 1-20 R$/US$, in ten-thousandths). Orders
 * awaiting payment that had no rate (accepted before any was set) take it now.
 */
export async function setExchangeRate(
  rate: number,
  setBy: string,
  now: Date,
  origin: RateOrigin = { source: "staff", reason: null },
): Promise<number> {
  const stored = {
    source: origin.source,
    quotedOn: origin.source === "ptax" ? origin.quotedOn : null,
    reason: origin.source === "staff" ? origin.reason : null,
  };
  return withTransaction(async (tx) => {
    await tx.insert(exchangeRates).values({ rate: rateText(rate), setBy, setAt: now, ...stored });
    const waiting = await tx
      .select({
        id: orders.id,
        reference: orders.reference,
        deadline: orders.deadline,
        totalUsdCents: orders.totalUsdCents,
      })
      .from(orders)
      .where(and(eq(orders.state, "awaiting-payment"), isNull(orders.exchangeRate)))
      .for("update");
    for (const order of waiting) {
      const totalBrlCents =
        order.totalUsdCents === null ? null : toReais(order.totalUsdCents, rate);
      await tx
        .update(orders)
        .set({
          exchangeRate: rateText(rate),
          exchangeRateSetBy: setBy,
          exchangeRateSetAt: now,
          exchangeRateSource: stored.source,
          exchangeRateQuotedOn: stored.quotedOn,
          exchangeRateReason: stored.reason,
          totalBrlCents,
        })
        .where(eq(orders.id, order.id));
      await queuePixChargeLocked(tx, { ...order, totalBrlCents }, now);
    }
    await auditOrders(
      tx,
      waiting.map((order) => ({
        orderId: order.id,
        actor: setBy,
        at: now,
        fromState: "awaiting-payment",
        toState: "awaiting-payment",
        reason: `câmbio definido: ${rateText(rate)}`,
      })),
    );
    // A robot "Sob consulta" has no amount to convert: staff write to those by hand.
    await queueAmountsSet(
      tx,
      waiting.flatMap((order) => (order.totalUsdCents === null ? [] : [order.id])),
    );
    return waiting.length;
  });
}

export async function setEarlyDiscount(
  robotId: string,
  discount: { basisPoints: number; months: number } | null,
  setBy: string,
  now: Date,
): Promise<boolean> {
  return withTransaction(async (tx) => {
    const [robot] = await tx.select({ id: robots.id }).from(robots).where(eq(robots.id, robotId));
    if (!robot) return false;
    if (discount === null) {
      await tx.delete(earlyDiscounts).where(eq(earlyDiscounts.robotId, robotId));
    } else {
      await tx
        .insert(earlyDiscounts)
        .values({ robotId, ...discount, setBy, setAt: now })
        .onConflictDoUpdate({
          target: earlyDiscounts.robotId,
          set: { ...discount, setBy, setAt: now },
        });
    }
    return true;
  });
}

export interface EarlyDiscountRow {
  robotId: string;
  basisPoints: number;
  months: number;
}

export async function listEarlyDiscounts(tx: Executor): Promise<EarlyDiscountRow[]> {
  return tx
    .select({
      robotId: earlyDiscounts.robotId,
      basisPoints: earlyDiscounts.basisPoints,
      months: earlyDiscounts.months,
    })
    .from(earlyDiscounts);
}

/**
 * The order an accepted invitation creates, inside the acceptance's transaction (the robot's
 * and the invitation's rows are locked by the caller). Its deadline is the invitation's.
 */
export async function createOrderLocked(
  tx: Executor,
  input: {
    invitationId: string;
    waitlistId: string;
    robot: { id: string; name: string; price: string | null };
    deadline: Date;
    partnerBroker: boolean;
    now: Date;
    /** Whom the order's e-mail goes to (none when the person was erased meanwhile). */
    person: Person | undefined;
  },
): Promise<OrderRow> {
  const { robot, now } = input;
  const [early] = await tx
    .select({ basisPoints: earlyDiscounts.basisPoints, months: earlyDiscounts.months })
    .from(earlyDiscounts)
    .where(eq(earlyDiscounts.robotId, robot.id));
  const rate = await currentExchangeRate(tx);
  const price = priceCents(robot.price);
  const amounts =
    price === null
      ? null
      : orderAmounts({
          priceUsdCents: price,
          partnerBroker: input.partnerBroker,
          early: early ?? null,
          exchangeRate: rate?.rate ?? 0,
        });
  const [order] = await tx
    .insert(orders)
    .values({
      reference: newOrderReference(),
      invitationId: input.invitationId,
      waitlistId: input.waitlistId,
      robotId: robot.id,
      robotName: robot.name,
      partnerBroker: input.partnerBroker,
      priceUsdCents: amounts?.priceUsdCents ?? null,
      partnerDiscountUsdCents: amounts?.partnerDiscountUsdCents ?? null,
      earlyDiscountBp: early?.basisPoints ?? null,
      earlyDiscountMonths: early?.months ?? null,
      earlyDiscountUsdCents: amounts?.earlyDiscountUsdCents ?? null,
      totalUsdCents: amounts?.totalUsdCents ?? null,
      exchangeRate: rate ? rateText(rate.rate) : null,
      exchangeRateSetBy: rate?.setBy ?? null,
      exchangeRateSetAt: rate?.setAt ?? null,
      exchangeRateSource: rate?.source ?? null,
      exchangeRateQuotedOn: rate?.quotedOn ?? null,
      exchangeRateReason: rate?.reason ?? null,
      totalBrlCents: rate && amounts ? amounts.totalBrlCents : null,
      deadline: input.deadline,
      // Accepted within the last 12 hours: the order's own e-mail is the reminder.
      reminderAt: reminderDue(input.deadline, now) ? now : null,
      createdAt: now,
    })
    .returning();
  if (!order) throw new Error("order insert returned nothing");
  await auditOrders(tx, [
    {
      orderId: order.id,
      actor: PERSON_ACTOR,
      at: now,
      fromState: null,
      toState: "awaiting-payment",
      reason: "convite aceito",
    },
  ]);
  await queuePixChargeLocked(tx, order, now);
  if (input.person) await queueOrderCreated(tx, order, input.person);
  return order;
}

export interface PaymentInput {
  method: PaymentMethod;
  reference: string;
  note?: string | null;
  creditKey?: string | null;
  amountBrlCents?: number | null;
}

export type PayOutcome = "paid" | "already-paid" | "not-payable" | "not-found";

/**
 * Staff record that they e-mailed the payment link the person asked for (card, PayPal,
 * crypto): who and when, on the order and as an audit row. Recording it again (a link sent
 * anew) moves the time. Only for an order awaiting payment that asked for a link.
 */
export async function markPaymentLinkSent(
  orderId: string,
  actor: string,
  now: Date,
): Promise<"recorded" | "not-requested" | "not-found"> {
  return withTransaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ linkSentAt: now, linkSentBy: actor })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.state, "awaiting-payment"),
          isNotNull(orders.linkMethod),
        ),
      )
      .returning({ linkMethod: orders.linkMethod });
    if (!order) {
      const [exists] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.id, orderId));
      return exists ? "not-requested" : "not-found";
    }
    await auditOrders(tx, [
      {
        orderId,
        actor,
        at: now,
        fromState: "awaiting-payment",
        toState: "awaiting-payment",
        reason: `link de pagamento enviado: ${order.linkMethod}`,
      },
    ]);
    return "recorded";
  });
}

export const SWEEP_BATCH = 100;

/**
 * Queues the reminder of every order awaiting payment within 12 hours of its deadline that
 * has not had one (decision 180): `reminder_at` is set in the statement that picks the
 * order, under SKIP LOCKED, so each order is reminded once whichever worker runs, however
 * often; a paid, expired or cancelled order is not picked.
 */
export async function sendDueOrderReminders(now: Date): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await withTransaction(async (tx) => {
      const due = await tx
        .update(orders)
        .set({ reminderAt: now })
        .where(
          sql`${orders.id} in (select ${orders.id} from ${orders}
            where ${orders.state} = 'awaiting-payment' and ${orders.reminderAt} is null
              and ${orders.deadline} > ${now.toISOString()}::timestamptz
              and ${orders.deadline} <= ${new Date(now.getTime() + REMINDER_BEFORE_MS).toISOString()}::timestamptz
            limit ${SWEEP_BATCH} for update skip locked)`,
        )
        .returning();
      const people = due.length
        ? await tx
            .select({ id: waitlist.id, name: waitlist.name, email: waitlist.email })
            .from(waitlist)
            .where(
              inArray(
                waitlist.id,
                due.flatMap((order) => (order.waitlistId ? [order.waitlistId] : [])),
              ),
            )
        : [];
      const byId = new Map(people.map((person) => [person.id, person]));
      await enqueue(
        tx,
        ...due.flatMap((order) => {
          const person = order.waitlistId ? byId.get(order.waitlistId) : undefined;
          const job = person ? orderReminder(order, person) : null;
          return job ? [job] : [];
        }),
      );
      return due.length;
    });
    sent += batch;
    if (batch < SWEEP_BATCH) return sent;
  }
}

/** When the next order reminder falls due, for the reminder job's timer. */
export async function nextOrderReminder(tx: Executor, now: Date): Promise<Date | null> {
  const [row] = await tx
    .select({ at: sql<string | null>`min(${orders.deadline})` })
    .from(orders)
    .where(
      and(
        eq(orders.state, "awaiting-payment"),
        isNull(orders.reminderAt),
        gt(orders.deadline, now),
      ),
    );
  return row?.at ? new Date(new Date(row.at).getTime() - REMINDER_BEFORE_MS) : null;
}

/** The earliest deadline of an order awaiting payment, for the sweep's timer. */
export async function nextOrderDeadline(tx: Executor): Promise<Date | null> {
  const [row] = await tx
    .select({ at: sql<string | null>`min(${orders.deadline})` })
    .from(orders)
    .where(eq(orders.state, "awaiting-payment"));
  return row?.at ? new Date(row.at) : null;
}

export async function orderEventsOf(tx: Executor, orderId: string) {
  return tx
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
}
