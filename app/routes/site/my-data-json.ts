import { myDataCopy as copy } from "../../content/email.ts";
import { customerRecords } from "../../features/account/account.server.ts";
import { myData, sessionEntryId } from "../../features/privacy/my-data.server.ts";
import type { Route } from "./+types/my-data-json";

// /meus-dados/dados.json: everything stored about the person (entry, consent ledger, orders,
// payments and subscriptions) as a download, in the Meus dados session (docs/decisions/086,
// 187); 401 without one.
export async function loader({ request }: Route.LoaderArgs) {
  const entryId = await sessionEntryId(request);
  const found = entryId ? await myData(entryId) : null;
  if (!found) {
    return new Response(`${copy.sessionTitle}. ${copy.sessionText}`, {
      status: 401,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "private, no-store",
      },
    });
  }
  const records = await customerRecords(found.entry.id);
  return new Response(JSON.stringify({ ...found, ...records }, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="meus-dados-agentes-fx.json"',
      "Cache-Control": "private, no-store",
    },
  });
}
