// The worker's side of Pix Automático (docs/decisions/355-357): it registers the recurrence
// and recurring-charge callbacks once, sends the cancellations the subscriptions' ends asked
// for, queues and sends each due renewal's cobr, and polls what a lost callback would have
// told (GET /rec of mandates awaiting or long unchecked, GET /cobr from the due date on).
import { getEnv } from "../../platform/http/env.server.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import { defineJob } from "../../platform/jobs/registry.ts";
import { apiPix, apiPixConfig, type ApiPixClient } from "../../platform/payments/api-pix.server.ts";
import { registerRecurrenceWebhooks } from "../../platform/payments/api-pix-recurrence.server.ts";
import { pixWebhookUrl } from "../orders/pix-jobs.server.ts";
import { pollMandates, sendMandateCancellations } from "./pix-mandates.server.ts";
import {
  checkRecurringCharges,
  queueRecurringCharges,
  recurringChargesDue,
  sendRecurringCharges,
} from "./pix-recurring-charges.server.ts";

let webhooksRegistered = false;

/** One round: what each step did, for the log and the tests. */
export async function runPixAutomatico(now: Date, client: ApiPixClient) {
  return {
    cancelled: await sendMandateCancellations(now, client),
    polled: await pollMandates(now, client),
    queued: await queueRecurringCharges(now),
    sent: await sendRecurringCharges(now, client),
    checked: await checkRecurringCharges(now, client),
  };
}

export const pixAutomaticoJob = defineJob({
  name: "pix-automatico",
  recurring: true,
  async run({ now }) {
    const client = apiPix();
    const config = apiPixConfig();
    const poll = getEnv().PIX_API_POLL_MS;
    if (!client || !config) return new Date(now.getTime() + 3_600_000);
    try {
      if (!webhooksRegistered) {
        await registerRecurrenceWebhooks(client, pixWebhookUrl(config.webhookSecret));
        webhooksRegistered = true;
      }
      const round = await runPixAutomatico(now, client);
      if (round.cancelled + round.queued + round.sent > 0) {
        getLogger().info(round, "pix automatico round");
      }
      // More charges wait (a day's renewals): due again at once, after the jobs already due
      // (docs/decisions/445). One that failed waits for its retry's time, so none loops.
      if (await recurringChargesDue(now)) return now;
    } catch (error) {
      getLogger().warn(
        { err: error instanceof Error ? error.message : error },
        "pix automatico round failed",
      );
    }
    return new Date(now.getTime() + poll);
  },
});
