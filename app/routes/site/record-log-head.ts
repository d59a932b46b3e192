import { data } from "react-router";
import { recordLogCopy } from "../../content/record-log.ts";
import { logHeadResponse } from "../../features/performance/record-log-view.server.ts";
import type { Route } from "./+types/record-log-head";

// /registro/cabecas/:size: one signed head as a dated document for a timestamping service.
export async function loader({ params }: Route.LoaderArgs) {
  const size = /^[1-9]\d{0,8}$/.test(params.size) ? Number(params.size) : null;
  const found = size === null ? null : await logHeadResponse(size);
  if (!found) throw data(recordLogCopy.notFound, { status: 404 });
  return found;
}
