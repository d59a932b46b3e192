// The fleet's recurring work (decision 381): heartbeats downsampled a minute past each hour.
import { getLogger } from "../../platform/http/logger.server.ts";
import { defineJob } from "../../platform/jobs/registry.ts";
import { downsampleHeartbeats } from "./downsample.server.ts";

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
