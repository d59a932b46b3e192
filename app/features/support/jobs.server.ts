// Support's recurring work: staff e-mailed once for each first-response due time missed
// (decision 425).
import { getLogger } from "../../platform/http/logger.server.ts";
import { defineJob } from "../../platform/jobs/registry.ts";
import { notifyOverdueConversations } from "./conversations.server.ts";

// Due times fall on whole hours (decision 386): a minute's delay at most is enough.
const OVERDUE_EVERY_MS = 60_000;

export const supportOverdueJob = defineJob({
  name: "support-overdue",
  recurring: true,
  async run({ now }) {
    const flagged = await notifyOverdueConversations(now);
    if (flagged > 0) getLogger().info({ flagged }, "support conversations past their due time");
    return new Date(now.getTime() + OVERDUE_EVERY_MS);
  },
});
