// Orders (issue 23, docs/decisions/154). Locks are always taken in the order robot row ->
// person row -> invitation row -> order row (decision 125), which acceptance
// (invitations.server.ts) and erasure (the person, the invitation's cascade, then the order's
// set-null) follow too, so no two of them wait on each other in a cycle. A spot is held by the accepted invitation: an order that expires,
// is cancelled or refunded ends its invitation in the same transaction, which frees the spot.
import { randomInt } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import {
  earlyDiscounts,
  exchangeRates,
  invitations,
  orderEvents,
  orders,
  orderSetups,
  payments,
  robots,
  waitlist,
  waitlistStatusChanges,
} from "../../../db/schema.ts";
import { withTransaction, type Executor } from "../../platform/db/db.server.ts";
import { inviteNextOf } from "../invitations/invitations.server.ts";
import {
  endSubscriptionOfRefundedOrderLocked,
  startSubscriptionsLocked,
} from "../subscriptions/order-hooks.server.ts";
import { REMINDER_HOURS_BEFORE } from "../../content/invitations.ts";
import { enqueue } from "../../platform/jobs/enqueue.server.ts";
import {
  orderReminder,
  type Person,
  queueAmountsSet,
  queueOrderCreated,
  queueOrderExpired,
  queueOrdersPaid,
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

async function audit(
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
    await tx.insert(orderEvents).values(rows.slice(i, i + 1000));
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
          totalBrlCents,
        })
        .where(eq(orders.id, order.id));
      await queuePixChargeLocked(tx, { ...order, totalBrlCents }, now);
    }
    await audit(
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
      totalBrlCents: rate && amounts ? amounts.totalBrlCents : null,
      deadline: input.deadline,
      // Accepted within the last 12 hours: the order's own e-mail is the reminder.
      reminderAt: reminderDue(input.deadline, now) ? now : null,
      createdAt: now,
    })
    .returning();
  if (!order) throw new Error("order insert returned nothing");
  await audit(tx, [
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
 * Marks orders paid; the caller holds their rows locked and checked them awaiting payment.
 * The person's waiting-list entry becomes "Convertido" (DESIGN 16) and setup opens.
 */
async function payLocked(
  tx: Executor,
  items: { order: Pick<OrderRow, "id" | "waitlistId" | "totalBrlCents">; payment: PaymentInput }[],
  actor: string,
  now: Date,
  why: string,
): Promise<void> {
  for (let i = 0; i < items.length; i += 1000) {
    const chunk = items.slice(i, i + 1000);
    const ids = chunk.map((item) => item.order.id);
    await tx
      .update(orders)
      .set({ state: "paid", paidAt: now })
      .where(and(inArray(orders.id, ids), eq(orders.state, "awaiting-payment")));
    await tx.insert(payments).values(
      chunk.map(({ order, payment }) => ({
        orderId: order.id,
        method: payment.method,
        amountBrlCents: payment.amountBrlCents ?? order.totalBrlCents,
        reference: payment.reference,
        note: payment.note ?? null,
        creditKey: payment.creditKey ?? null,
        recordedBy: actor,
        recordedAt: now,
      })),
    );
    await tx.insert(orderSetups).values(chunk.map(({ order }) => ({ orderId: order.id })));
    await startSubscriptionsLocked(tx, ids, actor, now);
    const people = chunk.flatMap(({ order }) => (order.waitlistId ? [order.waitlistId] : []));
    if (people.length > 0) {
      const converted = await tx
        .update(waitlist)
        .set({ status: "converted" })
        .where(
          and(inArray(waitlist.id, people), inArray(waitlist.status, ["pending", "contacted"])),
        )
        .returning({ id: waitlist.id });
      if (converted.length > 0) {
        await tx.insert(waitlistStatusChanges).values(
          converted.map(({ id }) => ({
            entryId: id,
            status: "converted" as const,
            changedBy: actor,
          })),
        );
      }
    }
    await queueOrdersPaid(
      tx,
      chunk.map(({ order, payment }) => ({
        orderId: order.id,
        amountBrlCents: payment.amountBrlCents ?? order.totalBrlCents,
        method: payment.method,
        reference: payment.reference,
        paidAt: now,
      })),
    );
    await audit(
      tx,
      chunk.map(({ order, payment }) => ({
        orderId: order.id,
        actor,
        at: now,
        fromState: "awaiting-payment" as const,
        toState: "paid" as const,
        reason: `${why}: ${payment.method} ${payment.reference}${payment.note ? ` (${payment.note})` : ""}`,
      })),
    );
  }
}

/**
 * The people whose orders a payment converts, locked before their orders: the product's one
 * lock order is robot, person, invitation, order (decisions 125, 154), and erasing a person
 * locks the person, then the invitations and orders that point at them.
 */
async function lockPeople(tx: Executor, waitlistIds: string[]) {
  if (waitlistIds.length === 0) return;
  // One statement, so every payer is locked in the one queue order (sign-up time, then id).
  await tx
    .select({ id: waitlist.id })
    .from(waitlist)
    .where(inArray(waitlist.id, [...new Set(waitlistIds)]))
    .orderBy(asc(waitlist.createdAt), asc(waitlist.id))
    .for("no key update");
}

/**
 * Pays one order inside the caller's transaction, taking the locks in the product's order.
 * Paying twice or paying a closed order changes nothing; with `expectedBrlCents`, neither
 * does an amount other than the order's ("wrong-amount").
 */
export async function payOrderIn(
  tx: Executor,
  orderId: string,
  payment: PaymentInput,
  actor: string,
  now: Date,
  why: string,
  expectedBrlCents?: number,
): Promise<{ outcome: PayOutcome | "wrong-amount"; state?: OrderState }> {
  const [found] = await tx
    .select({ waitlistId: orders.waitlistId })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!found) return { outcome: "not-found" };
  if (found.waitlistId) await lockPeople(tx, [found.waitlistId]);
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) return { outcome: "not-found" };
  if (order.state === "paid") return { outcome: "already-paid", state: order.state };
  if (order.state !== "awaiting-payment") return { outcome: "not-payable", state: order.state };
  if (expectedBrlCents !== undefined && order.totalBrlCents !== expectedBrlCents) {
    return { outcome: "wrong-amount", state: order.state };
  }
  await payLocked(tx, [{ order, payment }], actor, now, why);
  return { outcome: "paid" };
}

/** Staff mark one order paid by hand. Paying twice or paying a closed order changes nothing. */
export async function markOrderPaid(
  orderId: string,
  payment: PaymentInput,
  actor: string,
  now: Date,
): Promise<{ outcome: PayOutcome; state?: OrderState }> {
  return withTransaction(async (tx) => {
    const result = await payOrderIn(tx, orderId, payment, actor, now, "pagamento registrado à mão");
    // No amount expected, so never "wrong-amount".
    return result as { outcome: PayOutcome; state?: OrderState };
  });
}

/** Pays the given orders from statement credits; returns which ones were paid. */
export async function payFromCredits(
  tx: Executor,
  items: { orderId: string; payment: PaymentInput }[],
  actor: string,
  now: Date,
): Promise<Set<string>> {
  if (items.length === 0) return new Set();
  const ids = [...new Set(items.map((item) => item.orderId))].sort();
  const people: string[] = [];
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await tx
      .select({ waitlistId: orders.waitlistId })
      .from(orders)
      .where(inArray(orders.id, ids.slice(i, i + 1000)));
    for (const row of rows) if (row.waitlistId) people.push(row.waitlistId);
  }
  await lockPeople(tx, people);
  const locked: Pick<OrderRow, "id" | "waitlistId" | "totalBrlCents" | "state">[] = [];
  for (let i = 0; i < ids.length; i += 1000) {
    locked.push(
      ...(await tx
        .select({
          id: orders.id,
          waitlistId: orders.waitlistId,
          totalBrlCents: orders.totalBrlCents,
          state: orders.state,
        })
        .from(orders)
        .where(inArray(orders.id, ids.slice(i, i + 1000)))
        .orderBy(asc(orders.id))
        .for("update")),
    );
  }
  const payable = new Map(
    locked.filter((order) => order.state === "awaiting-payment").map((order) => [order.id, order]),
  );
  const chosen = items.flatMap((item) => {
    const order = payable.get(item.orderId);
    if (!order) return [];
    payable.delete(item.orderId);
    return [{ order, payment: item.payment }];
  });
  await payLocked(tx, chosen, actor, now, "extrato importado");
  return new Set(chosen.map(({ order }) => order.id));
}

type LockedRobot = Pick<typeof robots.$inferSelect, "id" | "autoInvite">;

/**
 * Ends an order that holds a spot (expired, cancelled, refunded): its invitation ends too, so
 * the spot is free, and the next person is invited where the robot says so. Takes the locks
 * in the order robot -> invitation -> order.
 */
async function closeOrder(
  orderId: string,
  from: readonly OrderState[],
  to: "expired" | "cancelled" | "refunded",
  actor: string,
  reason: string,
  now: Date,
  onlyIfDue = false,
): Promise<{ outcome: "closed" | "wrong-state" | "not-found"; state?: OrderState }> {
  const result = await withTransaction(async (tx) => {
    const [found] = await tx
      .select({ robotId: orders.robotId, invitationId: orders.invitationId })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!found) return { outcome: "not-found" as const };
    let robot: LockedRobot | undefined;
    if (found.robotId) {
      [robot] = await tx
        .select({ id: robots.id, autoInvite: robots.autoInvite })
        .from(robots)
        .where(eq(robots.id, found.robotId))
        .for("no key update");
    }
    if (found.invitationId) {
      await tx
        .select({ id: invitations.id })
        .from(invitations)
        .where(eq(invitations.id, found.invitationId))
        .for("update");
    }
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return { outcome: "not-found" as const };
    if (!from.includes(order.state) || (onlyIfDue && order.deadline > now)) {
      return { outcome: "wrong-state" as const, state: order.state };
    }
    await tx.update(orders).set({ state: to, closedAt: now }).where(eq(orders.id, order.id));
    if (to === "refunded") {
      await endSubscriptionOfRefundedOrderLocked(tx, order.id, actor, reason, now);
    }
    if (to === "expired") await queueOrderExpired(tx, order.id);
    await audit(tx, [
      { orderId: order.id, actor, at: now, fromState: order.state, toState: to, reason },
    ]);
    if (order.invitationId) {
      await tx
        .update(invitations)
        .set(
          to === "expired"
            ? { status: "expired", expiredAt: now }
            : { status: "revoked", revokedAt: now, revokedBy: actor },
        )
        .where(and(eq(invitations.id, order.invitationId), eq(invitations.status, "accepted")));
    }
    if (robot?.autoInvite) await inviteNextOf(tx, robot.id, 1, SYSTEM_ACTOR, now);
    return { outcome: "closed" as const };
  });
  return result;
}

export function cancelOrder(orderId: string, actor: string, reason: string, now: Date) {
  return closeOrder(orderId, ["awaiting-payment"], "cancelled", actor, reason, now);
}

export function refundOrder(orderId: string, actor: string, reason: string, now: Date) {
  return closeOrder(orderId, ["paid"], "refunded", actor, reason, now);
}

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
    await audit(tx, [
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

const SWEEP_BATCH = 100;

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
      const { outcome } = await closeOrder(
        id,
        ["awaiting-payment"],
        "expired",
        SYSTEM_ACTOR,
        "prazo de pagamento encerrado",
        now,
        true,
      );
      if (outcome === "closed") progressed += 1;
    }
    expired += progressed;
    if (due.length < SWEEP_BATCH || progressed === 0) break;
  }
  return expired;
}

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
