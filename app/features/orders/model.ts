// The values of the orders domain, declared once (db CHECKs and the admin's filters use them).

/** aguardando pagamento, pago, expirado, cancelado, reembolsado. */
export const orderStates = [
  "awaiting-payment",
  "paid",
  "expired",
  "cancelled",
  "refunded",
] as const;
export type OrderState = (typeof orderStates)[number];

/** The payment methods of SPEC section 9, in the order the order page lists them. */
export const paymentMethods = ["pix", "transfer", "card", "paypal", "crypto"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** Methods with no provider: staff send a payment link by e-mail (DESIGN 15). */
export const linkPaymentMethods = [
  "card",
  "paypal",
  "crypto",
] as const satisfies readonly PaymentMethod[];

/** Setup after payment: the person's page shows pedido -> pagamento -> configuração -> em operação. */
export const setupStates = ["awaiting-form", "awaiting-vps", "vps-ready", "running"] as const;
export type SetupState = (typeof setupStates)[number];

export const tradingPlatforms = ["MT4", "MT5"] as const;
export type TradingPlatform = (typeof tradingPlatforms)[number];

/** Partner-broker discount (SPEC section 9), in basis points. */
export const PARTNER_DISCOUNT_BP = 2500;

/** Where an exchange rate came from: the Banco Central's PTAX, or staff (with a reason). */
export const exchangeRateSources = ["ptax", "staff"] as const;
export type ExchangeRateSource = (typeof exchangeRateSources)[number];

/** Setup promise (SPEC section 9): 2 to 4 business hours. */
export const SETUP_PROMISE_MIN_HOURS = 2;
export const SETUP_PROMISE_MAX_HOURS = 4;

/** Largest statement file staff may import. */
export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;

/**
 * An order's reference, also its PIX txid and what a bank transfer quotes: "AFX" and ten
 * characters of Crockford's base32 (no I, L, O, U, so it reads back unambiguously).
 */
export const ORDER_REFERENCE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const ORDER_REFERENCE_PATTERN = /AFX[0-9A-HJKMNP-TV-Z]{10}/g;

/** An order's immediate charge at the PSP (API Pix `cob`, docs/decisions/352). */
export const pixChargeStates = ["pending", "active", "failed"] as const;
export type PixChargeState = (typeof pixChargeStates)[number];

/** How a received Pix reached us: the PSP's webhook or the worker's polling. */
export const pixReceiptSources = ["webhook", "poll"] as const;
export type PixReceiptSource = (typeof pixReceiptSources)[number];

/** Why a received Pix waits for staff ("a resolver") in the ledger. */
export const pixUnresolvedReasons = [
  "unknown-txid",
  "wrong-amount",
  "paid-after-expiry",
  "already-paid",
  "order-not-payable",
  "conflicting-repeat",
] as const;
export type PixUnresolvedReason = (typeof pixUnresolvedReasons)[number];
