import { logJsonResponse } from "../../features/performance/record-log-view.server.ts";

// /registro.json: the log's entries with their hashes and every signed head.
export function loader() {
  return logJsonResponse();
}
