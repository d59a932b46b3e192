// Campaign messages go with the same retention as the outbox's (docs/decisions/116 and 192):
// hourly, the messages of campaigns settled more than EMAIL_RETENTION_DAYS ago.
import { getDb } from "../../platform/db/db.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { defineJob } from "../../platform/jobs/registry.ts";
import { purgeSettledCampaignMessages } from "./figures.server.ts";

const HOUR_MS = 3_600_000;

export const campaignRetentionJob = defineJob({
  name: "campaign-retention",
  recurring: true,
  async run({ now }) {
    await purgeSettledCampaignMessages(await getDb(), getEnv().EMAIL_RETENTION_DAYS);
    return new Date(now.getTime() + HOUR_MS);
  },
});
