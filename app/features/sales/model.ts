// The sale's values, declared once and importing nothing: the ledger's sources, kinds and
// states (db CHECKs, the admin's "Pagamentos a resolver"), and the moves of the sale.

/** Where a money event came from; with the source's own id it is the event's key. */
export const moneySources = ["statement", "mercado-pago", "api-pix", "staff"] as const;
export type MoneySource = (typeof moneySources)[number];

/**
 * What happened to the money: money in (a statement credit, a card or PIX approval), money
 * out (a card refund, a chargeback, a refund we sent), or a provider's notice of another
 * outcome (pending, rejected: no money moved).
 */
export const moneyKinds = [
  "credit",
  "card-approved",
  "pix-received",
  "card-refunded",
  "chargeback",
  "refund-requested",
  "refund-sent",
  "refund-failed",
  "notice",
] as const;
export type MoneyKind = (typeof moneyKinds)[number];

/** Money in: the kinds that pay an order or a charge, or wait for staff. */
export const incomingMoneyKinds = [
  "credit",
  "card-approved",
  "pix-received",
] as const satisfies readonly MoneyKind[];

/**
 * A money event's state: applied (to one order or charge), waiting (for staff, with a
 * reason), refunded (staff sent it back), or noted (no money to apply: money out, a notice).
 */
export const moneyStates = ["applied", "waiting", "refunded", "noted"] as const;
export type MoneyState = (typeof moneyStates)[number];

/** The moves of the sale, one module each in features/sales (docs/decisions/330). */
export const saleMoves = [
  "accept",
  "pay",
  "expire",
  "cancel",
  "refund",
  "renew",
  "suspend",
  "reactivate",
  "end",
] as const;
export type SaleMove = (typeof saleMoves)[number];

/** Where staff send a refund (DESIGN: the page asks before sending). */
export const refundDestinations = ["pix", "card"] as const;
export type RefundDestination = (typeof refundDestinations)[number];

/** A refund through the API Pix (devolucao): asked of the PSP, returned, or not made. */
export const pixRefundStates = ["requested", "done", "failed"] as const;
export type PixRefundState = (typeof pixRefundStates)[number];
