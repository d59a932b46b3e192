// The renewal sweep as a recurring job of the worker (docs/decisions/172): charges at D-7,
// reminders at D-1, past due, suspension, end after cancellation. Every minute is enough:
// notices go out at 9h and states change at midnight in São Paulo.
import { getLogger } from "../../platform/http/logger.server.ts";
import { defineJob } from "../../platform/jobs/registry.ts";
import { runRenewals } from "./subscriptions.server.ts";

const EVERY_MS = 60_000;

export const renewalsJob = defineJob({
  name: "subscription-renewals",
  recurring: true,
  async run({ now }) {
    const renewals = await runRenewals(now);
    if (Object.values(renewals).some(Boolean)) getLogger().info({ renewals }, "renewal sweep");
    return new Date(now.getTime() + EVERY_MS);
  },
});
