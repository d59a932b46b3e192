// The fleet's recurring work: heartbeats downsampled a minute past each hour (decision 381),
// incidents reviewed every 30 seconds (decisions 384, 450).
import { getLogger } from "../../platform/http/logger.server.ts";
import { defineJob } from "../../platform/jobs/registry.ts";
import { downsampleHeartbeats } from "./downsample.server.ts";
import { reviewIncidents } from "./incidents.server.ts";
import { INCIDENT_REVIEW_MS } from "./model.ts";

const HOUR_MS = 3_600_000;

export const heartbeatDownsamplingJob = defineJob({
  name: "heartbeat-downsampling",
  recurring: true,
  async run({ now }) {
    const result = await downsampleHeartbeats(now);
    if (result.hours + result.days + result.purged > 0) {
      getLogger().info(result, "heartbeats downsampled");
    }
    return new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS + 60_000);
  },
});

/**
 * The board's flags, reviewed every INCIDENT_REVIEW_MS: incidents open and close, staff are
 * told. A robot silent past SIGNAL_LOST_MS is flagged within that and one interval of its
 * last heartbeat (5 min 30 s), the rest of FLAG_WITHIN_MS left to the review and the e-mail.
 */
export const fleetIncidentsJob = defineJob({
  name: "fleet-incidents",
  recurring: true,
  async run({ now }) {
    const result = await reviewIncidents(now);
    if (result.opened + result.closed > 0) getLogger().info(result, "fleet incidents");
    return new Date(now.getTime() + INCIDENT_REVIEW_MS);
  },
});
