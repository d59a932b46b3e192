import { waitlistAdminCopy, waitlistFilterCopy } from "../../content/admin.ts";
import { withTransaction } from "../../platform/db/db.server.ts";
import { parseForm } from "../../platform/http/parse-form.ts";
import type { FormEntries } from "../../platform/http/read-form.server.ts";
import { actionFailed, actionOk } from "../admin/action-result.server.ts";
import { rowId } from "../admin/schema-fields.ts";
import { countFilter, setFilterStatus, setWaitlistStatuses } from "./admin-queries.server.ts";
import { WAITLIST_PAGE_SIZE, waitlistFilterSchema } from "./admin-filters.ts";
import { waitlistStatusSchema } from "./status-schema.ts";

/**
 * "Marcar como Contatado" / "Marcar como Convertido" for one entry (one `id`) or for the rows
 * selected on a page (several `id`s), with the same rules; the change and its history line
 * are one transaction. 404 when none of the ids exists.
 */
export async function setWaitlistStatusAction(form: FormEntries, changedBy: string) {
  if (form.get("escopo") === "filtro") return setFilterStatusAction(form, changedBy);
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

/**
 * The same change for everyone in a filter of the list (`filtro`, the list's query string),
 * after staff confirmed `quantidade` people: when the filter no longer holds that many, nothing
 * changes and the answer gives the new number, to confirm again (docs/decisions/147).
 */
async function setFilterStatusAction(form: FormEntries, changedBy: string) {
  const rawFilter = form.get("filtro");
  const filter = parseForm(
    waitlistFilterSchema,
    new URLSearchParams(typeof rawFilter === "string" ? rawFilter : ""),
  );
  if (!filter.success) return actionFailed(400, filter.error);
  const parsed = parseForm(waitlistStatusSchema, form);
  if (!parsed.success) return actionFailed(400, parsed.error);
  const confirmed = Number(form.get("quantidade"));
  if (!Number.isSafeInteger(confirmed) || confirmed < 1) {
    return actionFailed(400, waitlistFilterCopy.bulkNone);
  }
  const outcome = await withTransaction(async (tx) => {
    const count = await countFilter(tx, filter.data);
    if (count !== confirmed) return { changed: false as const, count };
    await setFilterStatus(tx, filter.data, parsed.data.status, changedBy);
    return { changed: true as const, count };
  });
  return outcome.changed
    ? actionOk()
    : actionFailed(409, waitlistFilterCopy.bulkFilterChanged(outcome.count));
}
