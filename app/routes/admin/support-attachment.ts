import { create as contentDisposition } from "content-disposition";
import { data } from "react-router";
import { supportAdminCopy as copy } from "../../content/support.ts";
import { keptAttachment } from "../../features/support/conversations.server.ts";
import type { Route } from "./+types/support-attachment";

// /admin/suporte/:id/anexos/:attachmentId: a file a customer e-mailed (decision 426), for staff
// only (a child of the admin layout, whose middleware checks the session). Always a download,
// with the type its content was checked to be, never rendered by the browser as a page.

export async function loader({ params }: Route.LoaderArgs) {
  const file = await keptAttachment(params.id, params.attachmentId);
  if (!file) throw data(copy.attachmentNotFound, { status: 404 });
  const type = file.contentType === "text/plain" ? "text/plain; charset=utf-8" : file.contentType;
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": type,
      "Content-Disposition": contentDisposition(file.fileName),
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
