// "Pagar com cartão" on the order page (issue 24): when Mercado Pago is configured, an order
// awaiting payment opens the provider's hosted checkout (decision 171's adapter); the
// payment is confirmed by its notification, as a renewal paid from the customer area is.
import { and, eq } from "drizzle-orm";
import { orders, waitlist } from "../../../db/schema.ts";
import { orderPageCopy } from "../../content/orders.ts";
import { withTransaction } from "../../platform/db/db.server.ts";
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
 * The provider's hosted checkout for one of our references (an order's or a renewal
 * charge's), paid back to `/webhooks/mercado-pago`; "unavailable" when the provider is down,
 * "misconfigured" when it refuses our access token.
 */
export async function openCardCheckout(
  config: MercadoPagoConfig,
  payment: { reference: string; title: string; amountBrlCents: number; payerEmail: string | null },
  returnPath: string,
): Promise<CardCheckoutOutcome> {
  const { siteUrl } = getSiteConfig();
  try {
    const { checkoutUrl } = await createCheckout(config, {
      ...payment,
      notificationUrl: `${siteUrl}/webhooks/mercado-pago`,
      returnUrl: `${siteUrl}${returnPath}`,
    });
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

/** The checkout of the linked order, if it awaits payment with an amount in reais. */
export async function orderCardCheckout(
  link: OrderLink,
  pagePath: string,
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
        email: waitlist.email,
      })
      .from(orders)
      .leftJoin(waitlist, eq(waitlist.id, orders.waitlistId))
      .where(and(eq(orders.id, id), eq(orders.state, "awaiting-payment")));
    return row ?? null;
  });
  if (!order?.totalBrlCents) return { outcome: "not-found" };
  return openCardCheckout(
    config,
    {
      reference: order.reference,
      title: orderPageCopy.cardItem(order.robotName),
      amountBrlCents: order.totalBrlCents,
      payerEmail: order.email,
    },
    pagePath,
  );
}
