// The values of the subscriptions domain, declared once (db CHECKs, the admin's filters and
// the customer area use them). Issue 24; docs/decisions/170-172.

/**
 * ativa, em atraso (unpaid at the due date, within the grace period), suspensa (grace over:
 * staff stop the robot), cancelada com fim em (active to the end of the paid cycle), encerrada,
 * reembolsada (the 7-day guarantee).
 */
export const subscriptionStates = [
  "active",
  "past-due",
  "suspended",
  "cancelled",
  "ended",
  "refunded",
] as const;
export type SubscriptionState = (typeof subscriptionStates)[number];

/** States in which the customer is served and a spot is taken. */
export const liveSubscriptionStates = [
  "active",
  "past-due",
  "suspended",
  "cancelled",
] as const satisfies readonly SubscriptionState[];

/** A cycle's charge: open (awaiting payment), paid, or void (cancelled or refunded before paid). */
export const chargeStates = ["open", "paid", "void"] as const;
export type ChargeState = (typeof chargeStates)[number];

/** Days before a due date on which the customer receives the next cycle's charge. */
export const RENEWAL_NOTICE_DAYS = [7, 1] as const;

/** Hour (São Paulo) at which a day's notices go out: nobody is e-mailed a bill at midnight. */
export const NOTICE_HOUR = 9;

/** SPEC section 9: a full refund of the first month within 7 days of the first payment. */
export const GUARANTEE_DAYS = 7;
