import { data } from "react-router";
import { recordLogCopy } from "../../content/record-log.ts";
import { logKeyResponse } from "../../features/performance/record-log-view.server.ts";

// /registro/chave.pem: the Ed25519 public key the latest head was signed with.
export async function loader() {
  const found = await logKeyResponse();
  if (!found) throw data(recordLogCopy.notFound, { status: 404 });
  return found;
}
