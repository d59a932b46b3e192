import { pingDatabase } from "../../platform/db/db.server.ts";

export async function loader() {
  const databaseUp = await pingDatabase();
  const body = JSON.stringify({
    status: databaseUp ? "ok" : "unavailable",
    database: databaseUp ? "up" : "down",
  });
  return new Response(body, {
    status: databaseUp ? 200 : 503,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      // Said, so the compression middleware sees a body under its threshold: without it every
      // probe got a gzip stream of its own (zlib's buffers for 60 bytes), which mattered most
      // when probes come every few milliseconds during an upload (docs/decisions/289).
      "Content-Length": String(Buffer.byteLength(body)),
    },
  });
}
