import { data } from "react-router";
import { rowId } from "../../features/admin/schema-fields.ts";
import { getPublishedFile } from "../../features/performance/queries.server.ts";
import type { Route } from "./+types/statement-file";
import { streamedBody } from "../../platform/http/stream-body.server.ts";

// /extratos/:id: the exact file of a published statement, for anyone to check against its
// SHA-256 (issue 22). Always a download, never rendered here: the file is someone else's
// HTML. It never changes, so it may be kept for a year.
export async function loader({ params }: Route.LoaderArgs) {
  const id = rowId.safeParse(params.id);
  const found = id.success ? await getPublishedFile(id.data) : undefined;
  if (!found) throw data("Extrato não encontrado.", { status: 404 });
  const asciiName = found.fileName.replace(/[^\x20-\x7e]/g, "_");
  return new Response(streamedBody(found.parts()), {
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Disposition": `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(found.fileName)}`,
      "Content-Length": String(found.size),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Checksum-SHA256": found.sha256,
    },
  });
}
