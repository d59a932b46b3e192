import { logTextResponse } from "../../features/performance/record-log-view.server.ts";

// /registro.txt: the public record log, one entry a line, as its hashes were computed
// (docs/decisions/370).
export function loader() {
  return logTextResponse();
}
