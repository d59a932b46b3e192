// "Pagar com cartão" on the order page (issue 24): when Mercado Pago is configured, an order
// awaiting payment opens the provider's hosted checkout (decision 171's adapter); the
// payment is confirmed by its notification, as a renewal paid from the customer area is.
import { and, eq } from "drizzle-orm";
import { href } from "react-router";
import { cardCheckouts, orders, waitlist } from "../../../db/schema.ts";
import { orderPageCopy } from "../../content/orders.ts";
import { getDb, withTransaction } from "../../platform/db/db.server.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import {
  createCheckout,
  type MercadoPagoConfig,
  mercadoPagoConfig,
  ProviderCredentialsRefusedError,
  ProviderUnavailableError,
} from "../../platform/payments/mercado-pago.server.ts";
import { getSiteConfig } from "../../lib/site-config.server.ts";
import { type OrderLink, orderIdByLink } from "./order-view.server.ts";

export type CardCheckoutOutcome =
  { outcome: "checkout"; url: string } | { outcome: "not-found" | "unavailable" | "misconfigured" };

/**
 * How long a checkout takes a payment once opened (docs/decisions/342): long enough to type a
 * card, short enough that a checkout left open cannot pay what staff cancelled or voided since.
 */
export const CHECKOUT_LIFETIME_MS = 30 * 60_000;

/**
 * The provider's hosted checkout for one of our references (an order's or a renewal
 * charge's), paid back to `/webhooks/mercado-pago`; "unavailable" when the provider is down,
 * "misconfigured" when it refuses our access token. It takes payments until `payableUntil`
 * (the order's deadline) or for CHECKOUT_LIFETIME_MS, whichever comes first; `returnPath` is
 * a page behind the person's session, never a link token.
 */
export async function openCardCheckout(
  config: MercadoPagoConfig,
  payment: { reference: string; title: string; amountBrlCents: number; payerEmail: string | null },
  returnPath: string,
  now: Date,
  payableUntil?: Date,
): Promise<CardCheckoutOutcome> {
  const { siteUrl } = getSiteConfig();
  const lifetimeEnd = new Date(now.getTime() + CHECKOUT_LIFETIME_MS);
  const expiresAt = payableUntil && payableUntil < lifetimeEnd ? payableUntil : lifetimeEnd;
  try {
    const { preferenceId, checkoutUrl } = await createCheckout(config, {
      ...payment,
      notificationUrl: `${siteUrl}/webhooks/mercado-pago`,
      returnUrl: `${siteUrl}${returnPath}`,
      opensAt: now,
      expiresAt,
    });
    // Kept so the checkout is cut if what it pays closes first (decision 347); the same
    // preference again (its idempotency key) is one row.
    const db = await getDb();
    await db
      .insert(cardCheckouts)
      .values({ preferenceId, reference: payment.reference, openedAt: now, expiresAt })
      .onConflictDoNothing();
    return { outcome: "checkout", url: checkoutUrl };
  } catch (error) {
    if (error instanceof ProviderCredentialsRefusedError) {
      // Staff's to fix, not the customer's to retry (decision 364).
      getLogger().error(
        { err: error },
        "Mercado Pago refused the access token: check MERCADO_PAGO_ACCESS_TOKEN",
      );
      return { outcome: "misconfigured" };
    }
    if (!(error instanceof ProviderUnavailableError)) throw error;
    getLogger().warn({ err: error }, "Mercado Pago checkout could not be opened");
    return { outcome: "unavailable" };
  }
}

/**
 * The checkout of the linked order, if it awaits payment with an amount in reais before its
 * deadline; the customer comes back to the order in Meus dados.
 */
export async function orderCardCheckout(
  link: OrderLink,
  now: Date,
  config: MercadoPagoConfig | null = mercadoPagoConfig(),
): Promise<CardCheckoutOutcome> {
  if (!config) return { outcome: "unavailable" };
  const order = await withTransaction(async (tx) => {
    const id = await orderIdByLink(tx, link);
    if (!id) return null;
    const [row] = await tx
      .select({
        reference: orders.reference,
        robotName: orders.robotName,
        totalBrlCents: orders.totalBrlCents,
        deadline: orders.deadline,
        email: waitlist.email,
      })
      .from(orders)
      .leftJoin(waitlist, eq(waitlist.id, orders.waitlistId))
      .where(and(eq(orders.id, id), eq(orders.state, "awaiting-payment")));
    return row ?? null;
  });
  if (!order?.totalBrlCents || order.deadline <= now) return { outcome: "not-found" };
  return openCardCheckout(
    config,
    {
      reference: order.reference,
      title: orderPageCopy.cardItem(order.robotName),
      amountBrlCents: order.totalBrlCents,
      payerEmail: order.email,
    },
    href("/meus-dados/pedidos/:reference", { reference: order.reference }),
    now,
    order.deadline,
  );
}
