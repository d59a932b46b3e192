// Erasures that waited for a subscription to end (docs/decisions/348): the person chose to
// keep what the contract requires; once nothing of theirs is served, the rest goes.
import { getLogger } from "../../platform/http/logger.server.ts";
import { defineJob } from "../../platform/jobs/registry.ts";
import { eraseDeferredEntries } from "./erasure.server.ts";

const DEFERRED_ERASURE_EVERY_MS = 10 * 60_000;

export const deferredErasureJob = defineJob({
  name: "deferred-erasure",
  recurring: true,
  async run({ now }) {
    const erased = await eraseDeferredEntries();
    if (erased > 0) getLogger().info({ erased }, "deferred erasures done");
    return new Date(now.getTime() + DEFERRED_ERASURE_EVERY_MS);
  },
});
