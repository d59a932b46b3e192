import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { AWAITING_PAYMENT_POLL_MS, NO_SCRIPT_RELOAD_SECONDS } from "./awaiting-payment.ts";

/** What keeps an order page awaiting its PSP's confirmation up to date (awaiting-payment.ts). */
export function AwaitingPaymentRefresh() {
  const { state, revalidate } = useRevalidator();
  useEffect(() => {
    if (state !== "idle") return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void revalidate();
    }, AWAITING_PAYMENT_POLL_MS);
    return () => clearInterval(timer);
  }, [state, revalidate]);
  // A <meta> inside <noscript> stays where it is rendered, and only a browser without
  // JavaScript parses it.
  return (
    <noscript>
      <meta httpEquiv="refresh" content={String(NO_SCRIPT_RELOAD_SECONDS)} />
    </noscript>
  );
}
