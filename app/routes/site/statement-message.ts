import { data } from "react-router";
import { rowId } from "../../features/admin/schema-fields.ts";
import {
  getPublishedStatementMessage,
  rawMessageResponse,
} from "../../features/signed-statements/queries.server.ts";
import type { Route } from "./+types/statement-message";

// /extratos/:id/mensagem.eml: the raw message a published statement arrived in, signed by its
// broker, byte for byte, so anyone can check its SHA-256 and re-verify its DKIM signature
// (docs/decisions/431, docs/record-verification.md). Like the file, it never changes.
export async function loader({ params }: Route.LoaderArgs) {
  const id = rowId.safeParse(params.id);
  const found = id.success ? await getPublishedStatementMessage(id.data) : undefined;
  if (!found) throw data("Mensagem assinada não encontrada.", { status: 404 });
  return rawMessageResponse(found, "public, max-age=31536000, immutable");
}
