// Mercado Pago's payment notifications (docs/decisions/171): accepted only with a valid
// signature, recorded with their outcome, applied at most once, and only from what the
// provider's API says about the payment, never from the notification's body.
import { and, eq } from "drizzle-orm";
import { orders, paymentNotifications, subscriptionCharges } from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import {
  getPayment,
  mercadoPagoConfig,
  ProviderUnavailableError,
  verifyNotificationSignature,
  type MercadoPagoConfig,
} from "../../platform/payments/mercado-pago.server.ts";
import type { PaymentMethod } from "../orders/model.ts";
import { markOrderPaid } from "../orders/orders.server.ts";
import { payCharge } from "./subscriptions.server.ts";

const PROVIDER = "mercado-pago";
const ACTOR = "Mercado Pago";

export type NotificationOutcome =
  | "disabled"
  | "bad-signature"
  | "ignored"
  | "duplicate"
  | "unknown-payment"
  | "not-approved"
  | "unknown-reference"
  | "amount-mismatch"
  | "paid"
  | "already-paid"
  | "not-payable"
  | "provider-unavailable";

/** What we answer: 2xx stops the provider's retries, 401 and 503 do not. */
const statusOf: Record<NotificationOutcome, number> = {
  disabled: 404,
  "bad-signature": 401,
  "provider-unavailable": 503,
  ignored: 200,
  duplicate: 200,
  "unknown-payment": 200,
  "not-approved": 200,
  "unknown-reference": 200,
  "amount-mismatch": 200,
  paid: 200,
  "already-paid": 200,
  "not-payable": 200,
};

function methodOf(paymentType: string | null): PaymentMethod {
  return paymentType === "bank_transfer" ? "pix" : "card";
}

async function record(
  values: Omit<typeof paymentNotifications.$inferInsert, "provider">,
): Promise<boolean> {
  const db = await getDb();
  const inserted = await db
    .insert(paymentNotifications)
    .values({ provider: PROVIDER, ...values })
    .onConflictDoNothing()
    .returning({ id: paymentNotifications.id });
  return inserted.length > 0;
}

/** Settles the charge or order a verified, approved payment names, if the amount is right. */
async function apply(
  payment: NonNullable<Awaited<ReturnType<typeof getPayment>>>,
  now: Date,
): Promise<{ outcome: NotificationOutcome; detail: string }> {
  const reference = payment.externalReference ?? "";
  const db = await getDb();
  const [charge] = await db
    .select({ totalBrlCents: subscriptionCharges.totalBrlCents })
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.reference, reference));
  const [order] = charge
    ? []
    : await db
        .select({ id: orders.id, totalBrlCents: orders.totalBrlCents })
        .from(orders)
        .where(and(eq(orders.reference, reference)));
  const expected = charge?.totalBrlCents ?? order?.totalBrlCents;
  if (expected === undefined || expected === null) {
    return { outcome: "unknown-reference", detail: `referência ${reference || "vazia"}` };
  }
  if (payment.currency !== "BRL" || payment.amountCents !== expected) {
    return {
      outcome: "amount-mismatch",
      detail: `pago ${payment.amountCents ?? "?"} ${payment.currency ?? "?"}, esperado ${expected} BRL (${reference})`,
    };
  }
  const settlement = {
    method: methodOf(payment.paymentType),
    reference: `MP ${payment.id}`,
    amountBrlCents: payment.amountCents,
  };
  if (charge) {
    const outcome = await payCharge(reference, settlement, ACTOR, now);
    return { outcome: outcome === "not-found" ? "unknown-reference" : outcome, detail: reference };
  }
  const { outcome } = await markOrderPaid(order!.id, settlement, ACTOR, now);
  return { outcome: outcome === "not-found" ? "unknown-reference" : outcome, detail: reference };
}

/**
 * One notification as it reached /webhooks/mercado-pago: the URL (data.id and type are in
 * its query) and the headers (x-signature, x-request-id). The body is not read.
 */
export async function receiveMercadoPagoNotification(
  url: URL,
  headers: Headers,
  now: Date,
  config: MercadoPagoConfig | null = mercadoPagoConfig(),
): Promise<{ status: number; outcome: NotificationOutcome }> {
  const done = (outcome: NotificationOutcome) => ({ status: statusOf[outcome], outcome });
  if (!config) return done("disabled");
  const dataId = url.searchParams.get("data.id") ?? url.searchParams.get("id");
  const type = url.searchParams.get("type") ?? url.searchParams.get("topic");
  const requestId = headers.get("x-request-id");
  const check = verifyNotificationSignature({
    secret: config.webhookSecret,
    signature: headers.get("x-signature"),
    requestId,
    dataId,
    now,
  });
  const base = { requestId, resourceId: dataId, receivedAt: now };
  if (!check.ok) {
    await record({ ...base, verified: false, outcome: "bad-signature", detail: check.reason });
    return done("bad-signature");
  }
  if (type !== "payment" || !dataId) {
    const fresh = await record({ ...base, verified: true, outcome: "ignored", detail: type });
    return done(fresh ? "ignored" : "duplicate");
  }
  const db = await getDb();
  const [seen] = await db
    .select({ id: paymentNotifications.id })
    .from(paymentNotifications)
    .where(
      and(
        eq(paymentNotifications.provider, PROVIDER),
        eq(paymentNotifications.verified, true),
        eq(paymentNotifications.requestId, requestId ?? ""),
      ),
    );
  if (seen) return done("duplicate");

  let payment;
  try {
    payment = await getPayment(config, dataId);
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    // Not recorded as handled: the provider retries, and the retry is processed.
    getLogger().warn({ err: error, dataId }, "Mercado Pago unreachable; notification refused");
    return done("provider-unavailable");
  }
  const result: { outcome: NotificationOutcome; detail: string | null } = !payment
    ? { outcome: "unknown-payment", detail: dataId }
    : payment.status !== "approved"
      ? {
          outcome: "not-approved",
          detail: `${payment.status} (${payment.externalReference ?? ""})`,
        }
      : await apply(payment, now);
  const fresh = await record({ ...base, verified: true, ...result });
  if (result.outcome === "amount-mismatch" || result.outcome === "unknown-reference") {
    getLogger().warn({ dataId, ...result }, "Mercado Pago payment not applied");
  }
  return done(fresh ? result.outcome : "duplicate");
}
