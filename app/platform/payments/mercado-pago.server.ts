import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { getEnv } from "../http/env.server.ts";

// Mercado Pago, the one hosted-checkout provider (docs/decisions/171): a Checkout Pro
// preference for a charge, the lookup of a payment, and the check of a notification's
// signature. Nothing here trusts a notification's body: the caller asks `getPayment`.

export interface MercadoPagoConfig {
  accessToken: string;
  webhookSecret: string;
  /** https://api.mercadopago.com; tests point it at a local server. */
  apiUrl: string;
}

/** The provider's settings, or null while its access token is unset (the product works without). */
export function mercadoPagoConfig(): MercadoPagoConfig | null {
  const env = getEnv();
  if (!env.MERCADO_PAGO_ACCESS_TOKEN || !env.MERCADO_PAGO_WEBHOOK_SECRET) return null;
  return {
    accessToken: env.MERCADO_PAGO_ACCESS_TOKEN,
    webhookSecret: env.MERCADO_PAGO_WEBHOOK_SECRET,
    apiUrl: env.MERCADO_PAGO_API_URL,
  };
}

/** How far a notification's timestamp may be from our clock (either way). */
export const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

const REQUEST_TIMEOUT_MS = 10_000;

/** The provider could not be reached or answered with an error: try again later. */
export class ProviderUnavailableError extends Error {
  override name = "ProviderUnavailableError";
}

/**
 * The provider refused our access token (HTTP 401 or 403): trying again changes nothing until
 * staff fix the configuration. Still "unavailable" to callers that only know that.
 */
export class ProviderCredentialsRefusedError extends ProviderUnavailableError {
  override name = "ProviderCredentialsRefusedError";
}

/** The error for a provider's answer that is not a success. */
function answerError(what: string, status: number): ProviderUnavailableError {
  const message = `Mercado Pago ${what}: HTTP ${status}`;
  return status === 401 || status === 403
    ? new ProviderCredentialsRefusedError(message)
    : new ProviderUnavailableError(message);
}

export type SignatureCheck =
  | { ok: true; timestamp: Date }
  | { ok: false; reason: "missing" | "malformed" | "mismatch" | "stale" };

/**
 * The documented check: `x-signature` is "ts=<timestamp>,v1=<hex>", v1 being HMAC-SHA256 with
 * the application's secret over "id:<data.id>;request-id:<x-request-id>;ts:<ts>;", where
 * data.id comes from the notification URL's query (lower-cased when alphanumeric) and a part
 * whose value is absent is left out. Compared in constant time; a timestamp further than the
 * tolerance from `now` is refused, so a captured notification cannot be replayed later.
 */
export function verifyNotificationSignature(input: {
  secret: string;
  signature: string | null;
  requestId: string | null;
  dataId: string | null;
  now: Date;
  toleranceMs?: number;
}): SignatureCheck {
  if (!input.signature) return { ok: false, reason: "missing" };
  const fields = new Map<string, string>();
  for (const part of input.signature.split(",")) {
    const index = part.indexOf("=");
    if (index > 0) fields.set(part.slice(0, index).trim(), part.slice(index + 1).trim());
  }
  const ts = fields.get("ts");
  const v1 = fields.get("v1");
  if (!ts || !/^\d{1,16}$/.test(ts) || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) {
    return { ok: false, reason: "malformed" };
  }
  let manifest = "";
  if (input.dataId) manifest += `id:${input.dataId.toLowerCase()};`;
  if (input.requestId) manifest += `request-id:${input.requestId};`;
  manifest += `ts:${ts};`;
  const expected = createHmac("sha256", input.secret).update(manifest).digest();
  const received = Buffer.from(v1, "hex");
  if (!timingSafeEqual(expected, received)) return { ok: false, reason: "mismatch" };
  // The documentation's examples are in seconds, deliveries have been seen in milliseconds.
  const value = Number(ts);
  const timestamp = new Date(value < 1e11 ? value * 1000 : value);
  const tolerance = input.toleranceMs ?? SIGNATURE_TOLERANCE_MS;
  if (Math.abs(input.now.getTime() - timestamp.getTime()) > tolerance) {
    return { ok: false, reason: "stale" };
  }
  return { ok: true, timestamp };
}

async function call(
  config: MercadoPagoConfig,
  method: "GET" | "POST" | "PUT",
  path: string,
  body?: string,
  idempotencyKey?: string,
): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${config.accessToken}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (idempotencyKey) headers["x-idempotency-key"] = idempotencyKey;
  const attempt = () =>
    fetch(new URL(path, config.apiUrl), {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  try {
    return await attempt();
  } catch {
    // A kept-alive connection the server closed as we reused it fails at once; every call is
    // safe to repeat (a read, a creation under an idempotency key, an update to the same
    // values), so one more try.
    try {
      return await attempt();
    } catch (error) {
      throw new ProviderUnavailableError(`Mercado Pago ${method} ${path}: ${String(error)}`, {
        cause: error,
      });
    }
  }
}

/** Reais in cents as a JSON number written from its digits (810.74), never through a float. */
function jsonAmount(cents: number): unknown {
  const raw = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
  return (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON(raw);
}

const preferenceSchema = z.object({ id: z.string(), init_point: z.string().url() });

export interface CheckoutRequest {
  /** Our reference (AFX...), sent as external_reference and used as the idempotency key. */
  reference: string;
  title: string;
  amountBrlCents: number;
  payerEmail: string | null;
  /** Where the provider posts notifications, and where the customer comes back (no secret in it). */
  notificationUrl: string;
  returnUrl: string;
  /** From when and until when the checkout takes a payment (card, and PIX within it). */
  opensAt: Date;
  expiresAt: Date;
}

/**
 * An instant as the provider's documentation writes it, in Brasília time (no daylight saving
 * since 2019): "2026-12-03T12:00:00.000-03:00".
 */
export function providerTime(instant: Date): string {
  return `${new Date(instant.getTime() - 3 * 3_600_000).toISOString().slice(0, 23)}-03:00`;
}

/** A Checkout Pro preference: the hosted page where the customer pays by card (or PIX). */
export async function createCheckout(
  config: MercadoPagoConfig,
  request: CheckoutRequest,
): Promise<{ preferenceId: string; checkoutUrl: string }> {
  const body = JSON.stringify({
    items: [
      {
        id: request.reference,
        title: request.title,
        quantity: 1,
        currency_id: "BRL",
        unit_price: jsonAmount(request.amountBrlCents),
      },
    ],
    external_reference: request.reference,
    notification_url: request.notificationUrl,
    back_urls: {
      success: request.returnUrl,
      pending: request.returnUrl,
      failure: request.returnUrl,
    },
    auto_return: "approved",
    // The preference's term (Checkout Pro, "vigência da preferência"), and the same limit for
    // the payment methods that settle later (date_of_expiration).
    expires: true,
    expiration_date_from: providerTime(request.opensAt),
    expiration_date_to: providerTime(request.expiresAt),
    date_of_expiration: providerTime(request.expiresAt),
    ...(request.payerEmail ? { payer: { email: request.payerEmail } } : {}),
  });
  const response = await call(
    config,
    "POST",
    "/checkout/preferences",
    body,
    `preference-${request.reference}-${request.amountBrlCents}-${request.expiresAt.getTime()}`,
  );
  if (!response.ok) {
    throw answerError("preference", response.status);
  }
  const parsed = preferenceSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new ProviderUnavailableError("Mercado Pago preference: bad answer");
  return { preferenceId: parsed.data.id, checkoutUrl: parsed.data.init_point };
}

/**
 * Ends a preference's term at `at` ("Atualizar preferência", PUT /checkout/preferences/{id}):
 * the checkout stops taking payments. A preference the provider no longer knows has nothing
 * left to take: answered as done.
 */
export async function expireCheckout(
  config: MercadoPagoConfig,
  preferenceId: string,
  at: Date,
): Promise<void> {
  const response = await call(
    config,
    "PUT",
    `/checkout/preferences/${encodeURIComponent(preferenceId)}`,
    JSON.stringify({
      expires: true,
      expiration_date_to: providerTime(at),
      date_of_expiration: providerTime(at),
    }),
  );
  if (response.status === 404) return;
  if (!response.ok) throw answerError("preference update", response.status);
}

const paymentSchema = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  status: z.string(),
  status_detail: z.string().nullish(),
  transaction_amount: z.number().nullish(),
  currency_id: z.string().nullish(),
  external_reference: z.string().nullish(),
  date_approved: z.string().nullish(),
  payment_type_id: z.string().nullish(),
});

/** A payment as the provider's API states it. */
export interface ProviderPayment {
  id: string;
  /** approved, pending, in_process, rejected, cancelled, refunded, charged_back, ... */
  status: string;
  /** The amount in cents of its currency, or null when the API gave none or a bad one. */
  amountCents: number | null;
  currency: string | null;
  externalReference: string | null;
  approvedAt: Date | null;
  /** credit_card, debit_card, bank_transfer (PIX), ... */
  paymentType: string | null;
}

/**
 * The API's decimal amount in cents. JSON numbers print back as their shortest decimal
 * ("810.74"), so the digits are read as text; more than two decimals is not a price.
 */
function amountToCents(amount: number | null | undefined): number | null {
  if (amount === null || amount === undefined) return null;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(amount));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** The payment `id`, or null when the provider does not know it. */
export async function getPayment(
  config: MercadoPagoConfig,
  id: string,
): Promise<ProviderPayment | null> {
  if (!/^\d{1,20}$/.test(id)) return null;
  const response = await call(config, "GET", `/v1/payments/${id}`);
  if (response.status === 404) return null;
  if (!response.ok) throw answerError("payment", response.status);
  const parsed = paymentSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new ProviderUnavailableError("Mercado Pago payment: bad answer");
  const payment = parsed.data;
  const approvedAt = payment.date_approved ? new Date(payment.date_approved) : null;
  return {
    id: payment.id,
    status: payment.status,
    amountCents: amountToCents(payment.transaction_amount),
    currency: payment.currency_id ?? null,
    externalReference: payment.external_reference ?? null,
    approvedAt: approvedAt && !Number.isNaN(approvedAt.getTime()) ? approvedAt : null,
    paymentType: payment.payment_type_id ?? null,
  };
}
