import { waitlistAdminCopy, waitlistFilterCopy } from "../../content/admin.ts";
import { withTransaction } from "../../platform/db/db.server.ts";
import { parseForm } from "../../platform/http/parse-form.ts";
import type { FormEntries } from "../../platform/http/read-form.server.ts";
import { actionFailed, actionOk } from "../admin/action-result.server.ts";
import { rowId } from "../admin/schema-fields.ts";
import { setWaitlistStatuses } from "./admin-queries.server.ts";
import { WAITLIST_PAGE_SIZE } from "./admin-filters.ts";
import { waitlistStatusSchema } from "./status-schema.ts";

/**
 * "Marcar como Contatado" / "Marcar como Convertido" for one entry (one `id`) or for the rows
 * selected on a page (several `id`s), with the same rules; the change and its history line
 * are one transaction. 404 when none of the ids exists.
 */
export async function setWaitlistStatusAction(form: FormEntries, changedBy: string) {
  const rawIds = form.getAll("id").filter((value) => typeof value === "string");
  if (rawIds.length === 0) return actionFailed(400, waitlistFilterCopy.bulkNone);
  if (rawIds.length > WAITLIST_PAGE_SIZE) return actionFailed(400, waitlistFilterCopy.bulkTooMany);
  const ids = rawIds.filter((value) => rowId.safeParse(value).success);
  if (ids.length === 0) return actionFailed(404, waitlistAdminCopy.notFound);
  const parsed = parseForm(waitlistStatusSchema, form);
  if (!parsed.success) return actionFailed(400, parsed.error);
  const found = await withTransaction((tx) =>
    setWaitlistStatuses(tx, ids, parsed.data.status, changedBy),
  );
  return found > 0 ? actionOk() : actionFailed(404, waitlistAdminCopy.notFound);
}
