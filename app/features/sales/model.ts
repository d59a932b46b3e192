// The sale's values, declared once and importing nothing: the ledger's sources, kinds and
// states (db CHECKs, the admin's "Pagamentos a resolver"), and the moves of the sale.

/** The actor written in an order's history for money the PSP's API Pix confirmed. */
export const API_PIX_ACTOR = "API Pix";

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
  "erase",
] as const;
export type SaleMove = (typeof saleMoves)[number];

/** Where staff send a refund (DESIGN: the page asks before sending). */
export const refundDestinations = ["pix", "card"] as const;
export type RefundDestination = (typeof refundDestinations)[number];

/** What staff do to a robot in its VPS: "Robôs a ligar" and "Robôs a desligar". */
export const robotSwitchActions = ["on", "off"] as const;
export type RobotSwitchAction = (typeof robotSwitchActions)[number];

/**
 * A Pix Automático mandate (API Pix `rec`, docs/decisions/355): created and awaiting the payer
 * (who reads its QR at their bank), approved, rejected by the payer, expired unanswered, or
 * cancelled (by the payer at their bank, or by us when the subscription ends).
 */
export const pixMandateStates = [
  "awaiting-payer",
  "approved",
  "rejected",
  "expired",
  "cancelled",
] as const;
export type PixMandateState = (typeof pixMandateStates)[number];

/** The states of a mandate that can still charge, or soon will. */
export const liveMandateStates = [
  "awaiting-payer",
  "approved",
] as const satisfies readonly PixMandateState[];

/** Who ended a mandate: the payer (or their PSP), we, or our PSP. */
export const pixMandateEnders = ["payer", "receiver", "psp"] as const;
export type PixMandateEnder = (typeof pixMandateEnders)[number];

/**
 * A cycle's recurring charge under a mandate (API Pix `cobr`, docs/decisions/357): to be
 * sent, sent and scheduled at the payer's bank, paid, failed (refused, or unpaid after its
 * retries: the cycle is then paid by hand), or cancelled with its mandate.
 */
export const recurringChargeStates = [
  "pending",
  "scheduled",
  "paid",
  "failed",
  "cancelled",
] as const;
export type RecurringChargeState = (typeof recurringChargeStates)[number];

/** A refund through the API Pix (devolucao): asked of the PSP, returned, or not made. */
export const pixRefundStates = ["requested", "done", "failed"] as const;
export type PixRefundState = (typeof pixRefundStates)[number];
