import type { OrderState } from "./model.ts";

// While an order awaits a payment the PSP confirms by itself (its own PIX charge), its page
// reloads itself, so "Pagamento confirmado" shows within seconds with no script (decision 353).
export const AWAITING_PAYMENT_REFRESH_SECONDS = 5;

export function awaitingPaymentRefresh(
  order: { state: OrderState; pix: { dynamic: boolean } | null } | null | undefined,
) {
  return order?.state === "awaiting-payment" && order.pix?.dynamic
    ? [{ httpEquiv: "refresh", content: String(AWAITING_PAYMENT_REFRESH_SECONDS) }]
    : [];
}
