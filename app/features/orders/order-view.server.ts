// What the person's order page shows (from the invitation's link, docs/decisions/154), and
// the one thing the person may do there: ask for a payment link (card, PayPal, crypto). The
// e-mailed setup link (decision 183) opens the same page while it works.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import {
  invitationTokens,
  orderEvents,
  orders,
  orderSetups,
  orderTokens,
} from "../../../db/schema.ts";
import { getDb, withTransaction, type Executor } from "../../platform/db/db.server.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { hashToken, isWellFormedToken, type TokenState } from "../email/tokens.server.ts";
import {
  linkPaymentMethods,
  type OrderState,
  type PaymentMethod,
  type SetupState,
} from "./model.ts";
import { mercadoPagoConfig } from "../../platform/payments/mercado-pago.server.ts";
import { parseDecimal } from "./money.ts";
import { queuePaymentLinkRequested } from "./order-mail.server.ts";
import { PERSON_ACTOR } from "./orders.server.ts";
import { orderPix } from "./pix-charges.server.ts";
import { firstPaymentMandate, type FirstPaymentMandate } from "../sales/order-mandates.server.ts";

export interface BankDetails {
  bank: string | null;
  branch: string | null;
  account: string | null;
  holder: string | null;
  document: string | null;
}

export interface OrderView {
  reference: string;
  robotName: string;
  state: OrderState;
  partnerBroker: boolean;
  priceUsdCents: number | null;
  partnerDiscountUsdCents: number | null;
  earlyDiscountBp: number | null;
  earlyDiscountMonths: number | null;
  earlyDiscountUsdCents: number | null;
  totalUsdCents: number | null;
  exchangeRate: number | null;
  exchangeRateSetAt: Date | null;
  /** The PTAX's business day (YYYY-MM-DD) when the rate is the PTAX. */
  exchangeRateQuotedOn: string | null;
  /** Staff's reason when they overrode the PTAX. */
  exchangeRateReason: string | null;
  totalBrlCents: number | null;
  deadline: Date;
  linkMethod: PaymentMethod | null;
  /** When staff recorded that they e-mailed the payment link. */
  linkSentAt: Date | null;
  setupState: SetupState | null;
  /** The PIX code and QR: the order's own charge (`dynamic`, confirmed in seconds) or static. */
  pix: { code: string; qrSvg: string; dynamic: boolean } | null;
  bank: BankDetails | null;
  /** Whether the setup form may ask for the trading password (a sealing key is set). */
  credentialEnabled: boolean;
  /** Whether "pagar com cartão" opens the provider's checkout (Mercado Pago is configured). */
  cardEnabled: boolean;
  /**
   * Pix Automático with the first payment (Jornada 3, docs/decisions/480): the offer, or the
   * mandate asked for; while it awaits, `pix` is its composite QR. Null without it.
   */
  firstPaymentMandate: FirstPaymentMandate | null;
}

/** The order an invitation's link leads to, once accepted. */
/**
 * The invitation link's order while the link's job lasts (docs/decisions/343): awaiting
 * payment (the page and each payment also judge its deadline). Once paid or closed, the link
 * shows only the order's status (invitationOrderStatus); setup goes through the setup link or
 * a session.
 */
async function orderIdByInvitationToken(tx: Executor, token: string): Promise<string | null> {
  if (!isWellFormedToken(token)) return null;
  const [row] = await tx
    .select({ id: orders.id })
    .from(invitationTokens)
    .innerJoin(orders, eq(orders.invitationId, invitationTokens.invitationId))
    .where(
      and(eq(invitationTokens.tokenHash, hashToken(token)), eq(orders.state, "awaiting-payment")),
    );
  return row?.id ?? null;
}

/** What the invitation link shows of an order past its job: whose, and in which state. */
export interface InvitationOrderStatus {
  reference: string;
  robotName: string;
  /** "expired" too for an order past its deadline the sweep has not closed yet. */
  state: OrderState;
}

export async function invitationOrderStatus(token: string): Promise<InvitationOrderStatus | null> {
  if (!isWellFormedToken(token)) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      reference: orders.reference,
      robotName: orders.robotName,
      state: orders.state,
      deadline: orders.deadline,
    })
    .from(invitationTokens)
    .innerJoin(orders, eq(orders.invitationId, invitationTokens.invitationId))
    .where(eq(invitationTokens.tokenHash, hashToken(token)));
  if (!row) return null;
  const lapsed = row.state === "awaiting-payment" && row.deadline <= appNow();
  return {
    reference: row.reference,
    robotName: row.robotName,
    state: lapsed ? "expired" : row.state,
  };
}

/** The setup link's order while the link works (unused, not expired); else null. */
async function orderIdBySetupToken(tx: Executor, token: string): Promise<string | null> {
  if (!isWellFormedToken(token)) return null;
  const [row] = await tx
    .select({ id: orderTokens.orderId })
    .from(orderTokens)
    .where(
      and(
        eq(orderTokens.tokenHash, hashToken(token)),
        isNull(orderTokens.usedAt),
        sql`${orderTokens.expiresAt} > now()`,
      ),
    );
  return row?.id ?? null;
}

/** Whether a setup link still works, without spending it (a GET never does). */
export async function setupLinkState(token: string): Promise<TokenState> {
  if (!isWellFormedToken(token)) return "not-found";
  const db = await getDb();
  const [row] = await db
    .select({
      live: sql<boolean>`${orderTokens.usedAt} is null and ${orderTokens.expiresAt} > now()`,
    })
    .from(orderTokens)
    .where(eq(orderTokens.tokenHash, hashToken(token)));
  if (!row) return "not-found";
  return row.live ? "valid" : "gone";
}

/**
 * What opens an order's page: the invitation's link, the setup link, or the person's Meus
 * dados session with the order's reference (decision 184).
 */
export type OrderLink =
  { invitation: string } | { setup: string } | { entryId: string; reference: string };

export async function orderIdByLink(tx: Executor, link: OrderLink): Promise<string | null> {
  if ("invitation" in link) return orderIdByInvitationToken(tx, link.invitation);
  if ("setup" in link) return orderIdBySetupToken(tx, link.setup);
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.reference, link.reference), eq(orders.waitlistId, link.entryId)));
  return row?.id ?? null;
}

export interface PersonOrder {
  reference: string;
  robotName: string;
  state: OrderState;
  createdAt: Date;
}

/** The person's orders, newest first, for Meus dados. */
export async function ordersOfPerson(entryId: string): Promise<PersonOrder[]> {
  const db = await getDb();
  return db
    .select({
      reference: orders.reference,
      robotName: orders.robotName,
      state: orders.state,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.waitlistId, entryId))
    .orderBy(desc(orders.createdAt));
}

function bankDetails(): BankDetails | null {
  const env = getEnv();
  const details = {
    bank: env.BANK_NAME ?? null,
    branch: env.BANK_BRANCH ?? null,
    account: env.BANK_ACCOUNT ?? null,
    holder: env.BANK_HOLDER ?? null,
    document: env.BANK_DOCUMENT ?? null,
  };
  return details.account ? details : null;
}

/**
 * The order a link leads to: an invitation's once accepted ({ invitation: token }), or the
 * single-use setup link while it works ({ setup: token }); null when there is none.
 */
export async function orderViewByLink(link: OrderLink): Promise<OrderView | null> {
  const row = await withTransaction(async (tx) => {
    const id = await orderIdByLink(tx, link);
    if (!id) return null;
    const [found] = await tx
      .select({ order: orders, setupState: orderSetups.state })
      .from(orders)
      .leftJoin(orderSetups, eq(orderSetups.orderId, orders.id))
      .where(eq(orders.id, id));
    return found ?? null;
  });
  if (!row) return null;
  const { order } = row;
  const env = getEnv();
  const payable =
    order.state === "awaiting-payment" && order.totalBrlCents !== null && order.totalBrlCents > 0;
  const ownPix =
    payable && order.totalBrlCents !== null
      ? await orderPix({ ...order, totalBrlCents: order.totalBrlCents }, appNow())
      : null;
  const mandate = ownPix?.dynamic ? await firstPaymentMandate(await getDb(), order) : null;
  const composite = mandate?.mandate?.qr ?? null;
  // The composite QR pays the same charge and authorises: it replaces the charge's own.
  const pix = composite ? { ...composite, dynamic: true } : ownPix;
  return {
    reference: order.reference,
    robotName: order.robotName,
    state: order.state,
    partnerBroker: order.partnerBroker,
    priceUsdCents: order.priceUsdCents,
    partnerDiscountUsdCents: order.partnerDiscountUsdCents,
    earlyDiscountBp: order.earlyDiscountBp,
    earlyDiscountMonths: order.earlyDiscountMonths,
    earlyDiscountUsdCents: order.earlyDiscountUsdCents,
    totalUsdCents: order.totalUsdCents,
    exchangeRate: order.exchangeRate === null ? null : parseDecimal(order.exchangeRate, 4),
    exchangeRateSetAt: order.exchangeRateSetAt,
    exchangeRateQuotedOn: order.exchangeRateSource === "ptax" ? order.exchangeRateQuotedOn : null,
    exchangeRateReason: order.exchangeRateSource === "staff" ? order.exchangeRateReason : null,
    totalBrlCents: order.totalBrlCents,
    deadline: order.deadline,
    linkMethod: order.linkMethod,
    linkSentAt: order.linkSentAt,
    setupState: row.setupState,
    pix,
    bank: payable ? bankDetails() : null,
    credentialEnabled: Boolean(env.SETUP_CREDENTIAL_KEY),
    cardEnabled: payable && mercadoPagoConfig() !== null,
    firstPaymentMandate: mandate,
  };
}

/** A refused CPF of the Pix Automático form, as typed, and why. */
export interface MandateFormError {
  cpf: string;
  error: string;
}

/**
 * What the order page shows: the order, the time left, a notice, the setup form's errors,
 * the Pix Automático form's.
 */
export async function orderPageView(
  link: OrderLink,
  notice: string | null = null,
  setupForm?: { values: Record<string, string>; errors: Record<string, string> },
  mandateForm?: MandateFormError,
) {
  const order = await orderViewByLink(link);
  if (!order) return null;
  const msLeft = order.deadline.getTime() - appNow().getTime();
  return { ...order, msLeft, notice, setupForm, mandateForm };
}

export type LinkRequestOutcome = "requested" | "invalid" | "not-found" | "not-awaiting";

/**
 * The person chose card, PayPal or crypto: the order goes on staff's list of payment links
 * to send (DESIGN 15). Choosing again changes the method; an order no longer awaiting
 * payment is left alone.
 */
export async function requestPaymentLink(
  link: OrderLink,
  method: string,
  now: Date,
): Promise<LinkRequestOutcome> {
  if (!(linkPaymentMethods as readonly string[]).includes(method)) return "invalid";
  return withTransaction(async (tx) => {
    const id = await orderIdByLink(tx, link);
    if (!id) return "not-found";
    const [before] = await tx
      .select({ linkMethod: orders.linkMethod })
      .from(orders)
      .where(eq(orders.id, id))
      .for("update");
    const updated = await tx
      .update(orders)
      .set({ linkMethod: method as PaymentMethod, linkRequestedAt: now })
      .where(and(eq(orders.id, id), eq(orders.state, "awaiting-payment")))
      .returning({ id: orders.id });
    if (updated.length === 0) return "not-awaiting";
    await tx.insert(orderEvents).values({
      orderId: id,
      actor: PERSON_ACTOR,
      at: now,
      fromState: "awaiting-payment",
      toState: "awaiting-payment",
      reason: `pediu link de pagamento: ${method}`,
    });
    // Staff hear of each new request, and of a change of method; the same choice again is news to no one.
    if (before?.linkMethod !== method) {
      await queuePaymentLinkRequested(tx, id, method as PaymentMethod);
    }
    return "requested";
  });
}
