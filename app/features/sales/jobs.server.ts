// The sale's dated moves as recurring jobs of the worker. Invitation deadlines (docs/decisions/115, replacing the
// sweep loop of 092): it expires passed invitations and unpaid orders (inviting the next
// person where the robot says so), queues due reminders, and runs again at the earliest open
// deadline or after INVITATION_SWEEP_MS, whichever comes first. One row, claimed by one
// worker at a time.
import { getEnv } from "../../platform/http/env.server.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { defineJob } from "../../platform/jobs/registry.ts";
import {
  expireDueInvitations,
  nextDeadline,
  sendDueReminders,
} from "../invitations/invitations.server.ts";
import { nextOrderDeadline } from "../orders/orders.server.ts";
import { apiPix } from "../../platform/payments/api-pix.server.ts";
import { mercadoPagoConfig } from "../../platform/payments/mercado-pago.server.ts";
import { cutClosedCheckouts } from "./checkout-cuts.server.ts";
import { expireDueOrders } from "./expire.server.ts";
import { purgeOldNotifications } from "./provider-notifications.server.ts";
import { runRenewals } from "./renew.server.ts";

export const invitationDeadlinesJob = defineJob({
  name: "invitation-deadlines",
  recurring: true,
  async run({ now }) {
    const expired = await expireDueInvitations(now);
    const reminded = await sendDueReminders(now);
    // Orders unpaid at their invitation's deadline (issue 23) are kept by the same job.
    const ordersExpired = await expireDueOrders(now);
    if (expired > 0 || reminded > 0 || ordersExpired > 0) {
      getLogger().info({ expired, reminded, ordersExpired }, "invitation sweep");
    }
    const intervalMs = getEnv().INVITATION_SWEEP_MS;
    const db = await getDb();
    const deadlines = [await nextDeadline(db), await nextOrderDeadline(db)].flatMap((d) => d ?? []);
    const next = deadlines.length > 0 ? Math.min(...deadlines.map((d) => d.getTime())) : null;
    // A few milliseconds past the deadline, so the invitation is due when the job runs.
    const wait =
      next === null ? intervalMs : Math.min(intervalMs, Math.max(0, next - now.getTime() + 5));
    return new Date(now.getTime() + wait);
  },
});

// The renewal sweep (docs/decisions/172): charges at D-7, reminders at D-1, past due,
// suspension, end after cancellation. Every minute is enough: notices go out at 9h and
// states change at midnight in São Paulo.
const RENEWALS_EVERY_MS = 60_000;

export const renewalsJob = defineJob({
  name: "subscription-renewals",
  recurring: true,
  async run({ now }) {
    // The sweep sends each batch's cobr as soon as it committed (docs/decisions/475).
    const renewals = await runRenewals(now, getEnv().SUBSCRIPTION_GRACE_DAYS, apiPix());
    if (Object.values(renewals).some(Boolean)) getLogger().info({ renewals }, "renewal sweep");
    return new Date(now.getTime() + RENEWALS_EVERY_MS);
  },
});

// Provider notifications past their retention (docs/decisions/404), hourly.
export const paymentNotificationRetentionJob = defineJob({
  name: "payment-notification-retention",
  recurring: true,
  async run({ now }) {
    await purgeOldNotifications(await getDb(), now);
    return new Date(now.getTime() + 3_600_000);
  },
});

// A checkout lives at most 30 minutes (decision 342); cutting it within seconds of the move
// that closed what it pays leaves that window shut in practice.
const CHECKOUT_CUTS_EVERY_MS = 10_000;

/** Card checkouts of voided charges and closed orders expired at the provider (decision 347). */
export const checkoutCutsJob = defineJob({
  name: "card-checkout-cuts",
  recurring: true,
  async run({ now }) {
    const config = mercadoPagoConfig();
    if (config) {
      const cut = await cutClosedCheckouts(config, now);
      if (cut > 0) getLogger().info({ cut }, "card checkouts cut");
    }
    return new Date(now.getTime() + CHECKOUT_CUTS_EVERY_MS);
  },
});
