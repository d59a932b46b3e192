// The fleet's recurring work: heartbeats downsampled a minute past each hour (decision 381),
// incidents reviewed every minute (decision 384).
import { getLogger } from "../../platform/http/logger.server.ts";
import { defineJob } from "../../platform/jobs/registry.ts";
import { downsampleHeartbeats } from "./downsample.server.ts";
import { reviewIncidents } from "./incidents.server.ts";

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

/** The board's flags, reviewed every minute: incidents open and close, staff are told. */
export const fleetIncidentsJob = defineJob({
  name: "fleet-incidents",
  recurring: true,
  async run({ now }) {
    const result = await reviewIncidents(now);
    if (result.opened + result.closed > 0) getLogger().info(result, "fleet incidents");
    return new Date(now.getTime() + 60_000);
  },
});
