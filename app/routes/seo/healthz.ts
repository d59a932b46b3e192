import { pingDatabase } from "../../platform/db/db.server.ts";

export async function loader() {
  const databaseUp = await pingDatabase();
  return Response.json(
    { status: databaseUp ? "ok" : "unavailable", database: databaseUp ? "up" : "down" },
    { status: databaseUp ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
