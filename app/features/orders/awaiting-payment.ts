import type { OrderState } from "./model.ts";

// While an order awaits a payment the PSP confirms by itself (its own PIX charge), its page
// shows "Pagamento confirmado" by itself (decisions 353, 440): with JavaScript it asks for its
// data again this often while the tab is visible, and redraws in place; without, it reloads
// every NO_SCRIPT_RELOAD_SECONDS.
export const AWAITING_PAYMENT_POLL_MS = 1_000;
export const NO_SCRIPT_RELOAD_SECONDS = 5;

export function awaitsConfirmation(order: {
  state: OrderState;
  pix: { dynamic: boolean } | null;
}): boolean {
  return order.state === "awaiting-payment" && order.pix?.dynamic === true;
}
