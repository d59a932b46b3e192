// Mercado Pago's payment notifications (docs/decisions/171, 331, 404): accepted only with a
// valid signature (an unverified one stores nothing: a log line says why), recorded with
// their outcome for 90 days, and what the provider's API says about the payment
// (never the notification's body) recorded once in the ledger: applied, or waiting for staff.
import { and, eq, lt, or, sql } from "drizzle-orm";
import { paymentNotifications } from "../../../db/schema.ts";
import { type Database, getDb, withTransaction } from "../../platform/db/db.server.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import {
  getPayment,
  mercadoPagoConfig,
  ProviderUnavailableError,
  verifyNotificationSignature,
  type MercadoPagoConfig,
  type ProviderPayment,
} from "../../platform/payments/mercado-pago.server.ts";
import type { PaymentMethod } from "../orders/model.ts";
import type { MoneyKind } from "./model.ts";
import { receiveMoney } from "./pay.server.ts";

const PROVIDER = "mercado-pago";
const ACTOR = "Mercado Pago";

export type NotificationOutcome =
  | "disabled"
  | "bad-signature"
  | "ignored"
  | "duplicate"
  | "unknown-payment"
  | "not-approved"
  | "waiting"
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
  waiting: 200,
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

/** What a payment's status says happened to the money (docs/decisions/331). */
function kindOf(payment: ProviderPayment): MoneyKind {
  switch (payment.status) {
    case "approved":
      return payment.paymentType === "bank_transfer" ? "pix-received" : "card-approved";
    case "refunded":
      return "card-refunded";
    case "charged_back":
      return "chargeback";
    default:
      return "notice";
  }
}

/**
 * Records what the provider's API says about a payment in the ledger, once per (payment,
 * status): money in is applied to the charge or order it names, or waits for staff with its
 * reason; a refund, a chargeback or another outcome is noted. Nothing paid is lost.
 */
async function apply(
  payment: ProviderPayment,
  now: Date,
): Promise<{ outcome: NotificationOutcome; detail: string }> {
  const reference = payment.externalReference ?? "";
  return withTransaction(async (tx) => {
    const received = await receiveMoney(
      tx,
      {
        source: "mercado-pago",
        sourceId: `${payment.id}:${payment.status}`,
        kind: kindOf(payment),
        method: methodOf(payment.paymentType),
        amountCents: payment.amountCents ?? 0,
        currency: payment.currency ?? "?",
        receivedAt: payment.approvedAt ?? now,
        origin: `notificação ${ACTOR} (pagamento ${payment.id}, ${payment.status})`,
        reference: reference || null,
      },
      {
        actor: ACTOR,
        why: "pagamento confirmado pelo Mercado Pago",
        paymentReference: `MP ${payment.id}`,
      },
      now,
    );
    switch (received.outcome) {
      case "applied":
        return { outcome: "paid" as const, detail: reference };
      case "duplicate":
        return { outcome: "already-paid" as const, detail: reference };
      case "noted":
        return { outcome: "not-approved" as const, detail: `${payment.status} (${reference})` };
      case "waiting":
        return { outcome: "waiting" as const, detail: `${reference}: ${received.reason}` };
    }
  });
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
    // Anyone can post here: nothing is stored, so a flood cannot fill a table (decision 404).
    getLogger().warn({ requestId, dataId, reason: check.reason }, "unverified Mercado Pago call");
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
    : await apply(payment, now);
  const fresh = await record({ ...base, verified: true, ...result });
  if (result.outcome === "waiting") {
    getLogger().warn({ dataId, ...result }, "Mercado Pago payment not applied");
  }
  return done(fresh ? result.outcome : "duplicate");
}

/** Days a verified notification is kept: its money is in the ledger, keyed on its own. */
export const NOTIFICATION_RETENTION_DAYS = 90;

/**
 * Deletes the notifications past retention at `now`, and any unverified one stored before
 * decision 404; answers how many went.
 */
export async function purgeOldNotifications(db: Database, now: Date): Promise<number> {
  const purged = await db
    .delete(paymentNotifications)
    .where(
      or(
        eq(paymentNotifications.verified, false),
        lt(
          paymentNotifications.receivedAt,
          sql`${now.toISOString()}::timestamptz - ${NOTIFICATION_RETENTION_DAYS} * interval '1 day'`,
        ),
      ),
    )
    .returning({ id: paymentNotifications.id });
  return purged.length;
}
