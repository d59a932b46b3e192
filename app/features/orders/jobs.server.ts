// The order reminder as a recurring job of the worker (docs/decisions/180): it queues the
// reminder of each unpaid order 12 hours before its deadline, and runs again when the next
// one falls due or after INVITATION_SWEEP_MS, whichever comes first.
import { getDb } from "../../platform/db/db.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import { defineJob } from "../../platform/jobs/registry.ts";
import { nextOrderReminder, sendDueOrderReminders } from "./orders.server.ts";
import { refreshPtax } from "./ptax.server.ts";
import { notifyOverdueSetups } from "./setup.server.ts";

const PTAX_EVERY_MS = 3_600_000;
const PTAX_RETRY_MS = 5 * 60_000;

export const orderRemindersJob = defineJob({
  name: "order-reminders",
  recurring: true,
  async run({ now }) {
    const reminded = await sendDueOrderReminders(now);
    if (reminded > 0) getLogger().info({ reminded }, "order reminders");
    const next = await nextOrderReminder(await getDb(), now);
    // At least a second: an order due now but locked by its payment is picked next time.
    const wait = Math.min(
      getEnv().INVITATION_SWEEP_MS,
      next === null ? Infinity : Math.max(1000, next.getTime() - now.getTime() + 5),
    );
    return new Date(now.getTime() + wait);
  },
});

/** The PTAX of the last business day, looked for every hour (decision 354). */
export const ptaxJob = defineJob({
  name: "ptax",
  recurring: true,
  async run({ now }) {
    const url = getEnv().PTAX_URL;
    if (url === "off") return new Date(now.getTime() + PTAX_EVERY_MS);
    try {
      const stored = await refreshPtax(now, url);
      if (stored) getLogger().info({ quotedOn: stored }, "ptax stored");
      return new Date(now.getTime() + PTAX_EVERY_MS);
    } catch (error) {
      getLogger().warn({ err: error instanceof Error ? error.message : error }, "ptax not fetched");
      return new Date(now.getTime() + PTAX_RETRY_MS);
    }
  },
});

// Business hours move in minutes: a setup passes its 4 hours within a minute of it.
const SETUP_OVERDUE_EVERY_MS = 60_000;

/** Staff are e-mailed once for each VPS past its 4 business hours (decision 346). */
export const setupOverdueJob = defineJob({
  name: "setup-overdue",
  recurring: true,
  async run({ now }) {
    const overdue = await notifyOverdueSetups(now);
    if (overdue > 0) getLogger().info({ overdue }, "setups past their promise");
    return new Date(now.getTime() + SETUP_OVERDUE_EVERY_MS);
  },
});
