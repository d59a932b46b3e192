// The customer area (/minha-conta, issue 24, docs/decisions/185-186): what a person's
// session shows and lets them do. Every read and every action is scoped to the session's
// waitlist entry through the orders it placed: a subscription, charge or receipt of anyone
// else is "not found".
import { and, asc, eq, inArray } from "drizzle-orm";
import { href } from "react-router";
import {
  orderEvents,
  orders,
  orderSetups,
  payments,
  subscriptionCharges,
  subscriptions,
  waitlist,
} from "../../../db/schema.ts";
import { receiptCopy } from "../../content/account.ts";
import { getDb, withTransaction } from "../../platform/db/db.server.ts";
import { validateFields } from "../../platform/http/parse-form.ts";
import {
  mercadoPagoConfig,
  type MercadoPagoConfig,
} from "../../platform/payments/mercado-pago.server.ts";
import { getSiteConfig } from "../../lib/site-config.server.ts";
import type { PaymentMethod, SetupState, TradingPlatform } from "../orders/model.ts";
import { type CardCheckoutOutcome, openCardCheckout } from "../orders/card-checkout.server.ts";
import { parseDecimal } from "../orders/money.ts";
import { currentExchangeRate, PERSON_ACTOR } from "../orders/orders.server.ts";
import { apiPixConfig } from "../../platform/payments/api-pix.server.ts";
import { renewalPix } from "../sales/renewal-due-charges.server.ts";
import { chargeRateLine, orderRateLine } from "../orders/rate-line.ts";
import { setupFormSchema } from "../orders/setup.server.ts";
import {
  addDays,
  cycleAmounts,
  cycleOf,
  guarantee,
  localDate,
  monthsAfter,
  type LocalDate,
} from "../subscriptions/calendar.ts";
import {
  liveSubscriptionStates,
  type ChargeState,
  type SubscriptionState,
} from "../subscriptions/model.ts";
import type { ChargeRow, SubscriptionRow } from "../subscriptions/subscriptions.server.ts";
import { requestRefund, type RefundRequestOutcome } from "../sales/refund-request.server.ts";
import { cancelSubscription, type CancelOutcome } from "../sales/cancel.server.ts";
import {
  authoriseMandate,
  mandatePanel,
  payerNameOf,
  type AuthoriseOutcome,
  type MandatePanel,
} from "../sales/pix-mandates.server.ts";

export interface Period {
  start: LocalDate;
  /** The last day served (the day before the next cycle's due date). */
  lastDay: LocalDate;
}

export interface HistoryLine {
  /** The order's or the charge's reference: the receipt's address when paid. */
  reference: string;
  cycle: number;
  period: Period;
  state: ChargeState;
  amountBrlCents: number | null;
  paidAt: Date | null;
}

/** What a renewal's service credit took off (docs/decisions/394). */
export interface ChargeCredit {
  usdCents: number;
  /** The cycle whose downtime it credits, and that downtime. */
  cycle: number;
  downtimeMinutes: number;
}

/** A charge's service credit, or null when it carries none. */
function creditOf(charge: ChargeRow): ChargeCredit | null {
  if (charge.serviceCreditUsdCents <= 0) return null;
  if (charge.creditedCycle === null || charge.downtimeMinutes === null) return null;
  return {
    usdCents: charge.serviceCreditUsdCents,
    cycle: charge.creditedCycle,
    downtimeMinutes: charge.downtimeMinutes,
  };
}

export interface OpenCharge {
  reference: string;
  cycle: number;
  dueDate: LocalDate;
  totalUsdCents: number;
  totalBrlCents: number;
  serviceCredit: ChargeCredit | null;
  /** The code and QR; `dueDate` when it is the PSP's due-date charge (cobv). */
  pix: { code: string; qrSvg: string; dueDate: string | null } | null;
}

export interface AccountSetup {
  state: SetupState;
  accountNumber: string | null;
  brokerServer: string | null;
  platform: TradingPlatform | null;
  whatsapp: string | null;
}

export interface AccountSubscription {
  id: string;
  orderId: string;
  robotName: string;
  state: SubscriptionState;
  currentCycle: ({ number: number } & Period) | null;
  /** The next due date while charges are still issued. */
  nextDue: LocalDate | null;
  /** A cancelled subscription's last day of service. */
  endsOn: LocalDate | null;
  nextAmount: { usdCents: number; brlCents: number | null } | null;
  openCharge: OpenCharge | null;
  history: HistoryLine[];
  guarantee: { allowed: boolean; lastDay: LocalDate };
  refundRequested: boolean;
  setup: AccountSetup | null;
  /** Pix Automático, when the site has it (docs/decisions/355). */
  mandate: MandatePanel | null;
  /** The CPF or CNPJ the renewals' due-date charges name, as given. */
  payerDocument: string | null;
}

export interface AccountOverview {
  name: string;
  email: string;
  cardEnabled: boolean;
  /** The API Pix is set: renewals are due-date charges, which need the payer's CPF or CNPJ. */
  dueChargesEnabled: boolean;
  subscriptions: AccountSubscription[];
}

/**
 * The period a cycle served: from the current anchor when it counts from it, otherwise (a
 * cycle before a reactivation moved the anchor) a month from the date it began.
 */
function periodOf(
  subscription: Pick<SubscriptionRow, "anchorDate" | "anchorCycle">,
  cycle: number,
  startedOn: LocalDate,
): Period {
  if (cycle >= subscription.anchorCycle) {
    const { start, end } = cycleOf(
      { date: subscription.anchorDate, cycle: subscription.anchorCycle },
      cycle,
    );
    return { start, lastDay: addDays(end, -1) };
  }
  return { start: startedOn, lastDay: addDays(monthsAfter(startedOn, 1), -1) };
}

const served = (state: SubscriptionState) =>
  (liveSubscriptionStates as readonly string[]).includes(state);

/** Everything the area shows, or null when the entry is gone. */
export async function accountOverview(entryId: string, now: Date): Promise<AccountOverview | null> {
  const db = await getDb();
  const [person] = await db
    .select({ name: waitlist.name, email: waitlist.email })
    .from(waitlist)
    .where(eq(waitlist.id, entryId));
  if (!person) return null;
  const rows = await db
    .select({ subscription: subscriptions, order: orders, payment: payments, setup: orderSetups })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .leftJoin(orderSetups, eq(orderSetups.orderId, orders.id))
    .where(eq(orders.waitlistId, entryId))
    .orderBy(asc(subscriptions.createdAt));
  const charges =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(subscriptionCharges)
          .where(
            inArray(
              subscriptionCharges.subscriptionId,
              rows.map((row) => row.subscription.id),
            ),
          )
          .orderBy(asc(subscriptionCharges.cycle));
  const rate = await currentExchangeRate(db);
  const list: AccountSubscription[] = [];
  for (const { subscription, order, payment, setup } of rows) {
    const firstPaidOn = localDate(subscription.firstPaidAt);
    const own = charges.filter((charge) => charge.subscriptionId === subscription.id);
    const history: HistoryLine[] = [
      {
        reference: order.reference,
        cycle: 1,
        period: periodOf(subscription, 1, firstPaidOn),
        state: "paid",
        amountBrlCents: payment?.amountBrlCents ?? order.totalBrlCents,
        paidAt: order.paidAt,
      },
      ...own.map((charge) => ({
        reference: charge.reference,
        cycle: charge.cycle,
        period: periodOf(subscription, charge.cycle, charge.dueDate),
        state: charge.state,
        amountBrlCents:
          charge.state === "paid"
            ? (charge.paymentAmountBrlCents ?? charge.totalBrlCents)
            : charge.totalBrlCents,
        paidAt: charge.paidAt,
      })),
    ];
    const open = own.find((charge) => charge.state === "open");
    const live = served(subscription.state);
    const issuing = live && subscription.state !== "cancelled";
    const nextCycle = subscription.paidCycle + 1;
    const price = subscription.priceUsdCents;
    const projected =
      issuing && !open && price !== null
        ? cycleAmounts({
            cycle: nextCycle,
            priceUsdCents: price,
            partnerBrokerActive: subscription.partnerBroker,
            early:
              subscription.earlyDiscountBp !== null && subscription.earlyDiscountMonths !== null
                ? {
                    basisPoints: subscription.earlyDiscountBp,
                    months: subscription.earlyDiscountMonths,
                  }
                : null,
            // Without a rate yet, only the dollars are shown.
            exchangeRate: rate?.rate ?? 0,
          })
        : null;
    const check = guarantee(subscription.firstPaidAt, now);
    list.push({
      id: subscription.id,
      orderId: order.id,
      robotName: subscription.robotName,
      state: subscription.state,
      currentCycle: live
        ? {
            number: subscription.paidCycle,
            ...periodOf(subscription, subscription.paidCycle, firstPaidOn),
          }
        : null,
      nextDue: issuing ? subscription.paidThrough : null,
      endsOn: subscription.state === "cancelled" ? addDays(subscription.paidThrough, -1) : null,
      nextAmount: open
        ? { usdCents: open.totalUsdCents, brlCents: open.totalBrlCents }
        : projected
          ? {
              usdCents: projected.totalUsdCents,
              // Today's rate: the charge fixes the reais at its own day's rate.
              brlCents: rate ? projected.totalBrlCents : null,
            }
          : null,
      openCharge: open
        ? {
            reference: open.reference,
            cycle: open.cycle,
            dueDate: open.dueDate,
            totalUsdCents: open.totalUsdCents,
            totalBrlCents: open.totalBrlCents,
            serviceCredit: creditOf(open),
            pix: open.totalBrlCents > 0 ? await renewalPix(open, now) : null,
          }
        : null,
      history,
      guarantee: { allowed: live && check.allowed, lastDay: check.lastDay },
      refundRequested: subscription.refundRequestedAt !== null,
      mandate: await mandatePanel(db, subscription, rate?.rate ?? null),
      payerDocument: subscription.payerDocument,
      setup: setup
        ? {
            state: setup.state,
            accountNumber: setup.accountNumber,
            brokerServer: setup.brokerServer,
            platform: setup.platform,
            whatsapp: setup.whatsapp,
          }
        : null,
    });
  }
  return {
    ...person,
    cardEnabled: mercadoPagoConfig() !== null,
    dueChargesEnabled: apiPixConfig() !== null,
    subscriptions: list,
  };
}

/** Whether the subscription is one of the entry's (through its first order). */
async function ownSubscription(entryId: string, subscriptionId: string): Promise<boolean> {
  if (!isUuid(subscriptionId)) return false;
  const db = await getDb();
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(and(eq(subscriptions.id, subscriptionId), eq(orders.waitlistId, entryId)));
  return row !== undefined;
}

const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** The customer cancels one of their subscriptions (effective at the end of the paid cycle). */
export async function cancelOwnSubscription(
  entryId: string,
  subscriptionId: string,
  now: Date,
): Promise<CancelOutcome> {
  if (!(await ownSubscription(entryId, subscriptionId))) return { outcome: "not-found" };
  return cancelSubscription(subscriptionId, PERSON_ACTOR, now);
}

/**
 * The customer authorises Pix Automático for one of their subscriptions, made out to the CPF
 * they gave once for its PIX charges (the payer document) and the name on their order.
 */
export async function authoriseOwnMandate(
  entryId: string,
  subscriptionId: string,
  now: Date,
): Promise<AuthoriseOutcome | { outcome: "no-cpf" } | { outcome: "not-found" }> {
  if (!(await ownSubscription(entryId, subscriptionId))) return { outcome: "not-found" };
  const db = await getDb();
  const [subscription] = await db
    .select({ payerDocument: subscriptions.payerDocument })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  const cpf = subscription?.payerDocument;
  if (!cpf || cpf.length !== 11) return { outcome: "no-cpf" };
  const name = await payerNameOf(db, subscriptionId);
  if (!name) return { outcome: "not-found" };
  return authoriseMandate(subscriptionId, { cpf, name }, now);
}

/** The customer asks for the 7-day guarantee on one of their subscriptions. */
export async function requestOwnRefund(
  entryId: string,
  subscriptionId: string,
  now: Date,
): Promise<RefundRequestOutcome> {
  if (!(await ownSubscription(entryId, subscriptionId))) return { outcome: "not-found" };
  return requestRefund(subscriptionId, now);
}

const accountSchema = setupFormSchema.omit({ credential: true });

export type AccountFormErrors = Partial<Record<keyof typeof accountSchema.shape, string>>;

export type CorrectAccountOutcome =
  { ok: true } | { ok: false; errors: AccountFormErrors } | { ok: false; notFound: true };

/**
 * Corrects the broker account and contact of one of the person's subscriptions. A new
 * account, server or platform sends setup back to staff ("configurando a VPS"), who
 * configure the VPS again; a new WhatsApp alone changes nothing else (docs/decisions/186).
 */
export async function correctOwnAccount(
  entryId: string,
  form: { get(name: string): unknown },
  now: Date,
): Promise<CorrectAccountOutcome> {
  const orderId = String(form.get("order") ?? "");
  if (!isUuid(orderId)) return { ok: false, notFound: true };
  const parsed = validateFields(accountSchema, {
    accountNumber: form.get("accountNumber") ?? "",
    brokerServer: form.get("brokerServer") ?? "",
    platform: form.get("platform") ?? "",
    whatsapp: form.get("whatsapp") ?? "",
  });
  if (!parsed.success) return { ok: false, errors: parsed.fieldErrors };
  const values = parsed.data;
  return withTransaction(async (tx) => {
    const [found] = await tx
      .select({ setup: orderSetups })
      .from(orderSetups)
      .innerJoin(orders, eq(orders.id, orderSetups.orderId))
      .where(and(eq(orderSetups.orderId, orderId), eq(orders.waitlistId, entryId)))
      .for("update", { of: orderSetups });
    if (!found) return { ok: false, notFound: true } as const;
    const { setup } = found;
    const accountChanged =
      setup.accountNumber !== values.accountNumber ||
      setup.brokerServer !== values.brokerServer ||
      setup.platform !== values.platform;
    const reconfigure = setup.state === "awaiting-form" || accountChanged;
    await tx
      .update(orderSetups)
      .set({
        ...values,
        ...(reconfigure ? { state: "awaiting-vps" as const, submittedAt: now } : {}),
      })
      .where(eq(orderSetups.orderId, orderId));
    await tx.insert(orderEvents).values({
      orderId,
      actor: PERSON_ACTOR,
      at: now,
      fromState: "paid",
      toState: "paid",
      reason: reconfigure
        ? "dados da conta na corretora corrigidos em Minha conta; VPS a configurar"
        : "contato corrigido em Minha conta",
    });
    return { ok: true } as const;
  });
}

/** Opens Mercado Pago's hosted checkout for one of the person's open charges. */
export async function ownChargeCheckout(
  entryId: string,
  chargeReference: string,
  now: Date,
  config: MercadoPagoConfig | null = mercadoPagoConfig(),
): Promise<CardCheckoutOutcome> {
  if (!config) return { outcome: "unavailable" };
  const db = await getDb();
  const [found] = await db
    .select({
      charge: subscriptionCharges,
      robotName: subscriptions.robotName,
      email: waitlist.email,
    })
    .from(subscriptionCharges)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCharges.subscriptionId))
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .innerJoin(waitlist, eq(waitlist.id, orders.waitlistId))
    .where(
      and(
        eq(subscriptionCharges.reference, chargeReference),
        eq(subscriptionCharges.state, "open"),
        eq(orders.waitlistId, entryId),
      ),
    );
  if (!found) return { outcome: "not-found" };
  return openCardCheckout(
    config,
    {
      reference: found.charge.reference,
      title: receiptCopy.service(found.robotName, found.charge.cycle),
      amountBrlCents: found.charge.totalBrlCents,
      payerEmail: found.email,
    },
    href("/minha-conta/painel"),
    now,
  );
}

export interface Receipt {
  payerName: string;
  payerEmail: string;
  robotName: string;
  cycle: number;
  period: Period;
  amountBrlCents: number | null;
  totalUsdCents: number | null;
  exchangeRate: number | null;
  serviceCredit: ChargeCredit | null;
  /** The sentence naming the rate used: PTAX and its day, or staff's with the reason. */
  rateLine: string | null;
  method: PaymentMethod;
  paymentReference: string;
  reference: string;
  paidAt: Date;
  company: ReturnType<typeof getSiteConfig>["company"];
}

/** The receipt of one of the person's payments (a first order or a renewal), by reference. */
export async function ownReceipt(entryId: string, reference: string): Promise<Receipt | null> {
  const db = await getDb();
  const company = getSiteConfig().company;
  const [first] = await db
    .select({ order: orders, payment: payments, subscription: subscriptions, person: waitlist })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .innerJoin(waitlist, eq(waitlist.id, orders.waitlistId))
    .leftJoin(subscriptions, eq(subscriptions.orderId, orders.id))
    .where(and(eq(orders.reference, reference), eq(orders.waitlistId, entryId)));
  if (first) {
    const paidOn = localDate(first.payment.recordedAt);
    return {
      payerName: first.person.name,
      payerEmail: first.person.email,
      robotName: first.order.robotName,
      cycle: 1,
      period: first.subscription
        ? periodOf(first.subscription, 1, localDate(first.subscription.firstPaidAt))
        : { start: paidOn, lastDay: addDays(monthsAfter(paidOn, 1), -1) },
      amountBrlCents: first.payment.amountBrlCents ?? first.order.totalBrlCents,
      totalUsdCents: first.order.totalUsdCents,
      exchangeRate:
        first.order.exchangeRate === null ? null : parseDecimal(first.order.exchangeRate, 4),
      serviceCredit: null,
      rateLine: orderRateLine(first.order),
      method: first.payment.method,
      paymentReference: first.payment.reference,
      reference: first.order.reference,
      paidAt: first.payment.recordedAt,
      company,
    };
  }
  const [renewal] = await db
    .select({ charge: subscriptionCharges, subscription: subscriptions, person: waitlist })
    .from(subscriptionCharges)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCharges.subscriptionId))
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .innerJoin(waitlist, eq(waitlist.id, orders.waitlistId))
    .where(
      and(
        eq(subscriptionCharges.reference, reference),
        eq(subscriptionCharges.state, "paid"),
        eq(orders.waitlistId, entryId),
      ),
    );
  const { charge } = renewal ?? {};
  if (!renewal || !charge?.paidAt || !charge.paymentMethod) return null;
  return {
    payerName: renewal.person.name,
    payerEmail: renewal.person.email,
    robotName: renewal.subscription.robotName,
    cycle: charge.cycle,
    period: periodOf(renewal.subscription, charge.cycle, charge.dueDate),
    amountBrlCents: charge.paymentAmountBrlCents ?? charge.totalBrlCents,
    totalUsdCents: charge.totalUsdCents,
    exchangeRate: parseDecimal(charge.exchangeRate, 4),
    serviceCredit: creditOf(charge),
    rateLine: chargeRateLine(charge),
    method: charge.paymentMethod,
    paymentReference: charge.paymentReference ?? charge.reference,
    reference: charge.reference,
    paidAt: charge.paidAt,
    company,
  };
}

/**
 * The person's orders (with their payment and setup, never the sealed credential) and
 * subscriptions (with their charges) as stored: part of the Meus dados export (LGPD art. 18).
 */
export async function customerRecords(entryId: string) {
  const db = await getDb();
  const rows = await db
    .select({ order: orders, payment: payments, setup: orderSetups })
    .from(orders)
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .leftJoin(orderSetups, eq(orderSetups.orderId, orders.id))
    .where(eq(orders.waitlistId, entryId))
    .orderBy(asc(orders.createdAt));
  const orderIds = rows.map((row) => row.order.id);
  const own =
    orderIds.length === 0
      ? []
      : await db.select().from(subscriptions).where(inArray(subscriptions.orderId, orderIds));
  const charges =
    own.length === 0
      ? []
      : await db
          .select()
          .from(subscriptionCharges)
          .where(
            inArray(
              subscriptionCharges.subscriptionId,
              own.map((row) => row.id),
            ),
          )
          .orderBy(asc(subscriptionCharges.cycle));
  return {
    orders: rows.map(({ order, payment, setup }) => ({
      ...order,
      payment,
      // The sealed trading password is for staff's one showing only: never exported.
      setup: setup === null ? null : { ...setup, credentialSealed: undefined },
    })),
    subscriptions: own.map((subscription) => ({
      ...subscription,
      charges: charges.filter((charge) => charge.subscriptionId === subscription.id),
    })),
  };
}
