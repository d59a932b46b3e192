import { waitlistAdminCopy } from "../../content/admin.ts";
import { parseForm } from "../../lib/parse-form.ts";
import type { FormEntries } from "../../lib/read-form.server.ts";
import { actionFailed, actionOk } from "../admin/action-result.server.ts";
import { adminIntents } from "../admin/intents.ts";
import { rowId } from "../admin/schema-fields.ts";
import { setWaitlistStatus } from "./queries.server.ts";
import { waitlistStatusSchema } from "./status-schema.ts";

const intent = adminIntents.setWaitlistStatus;

/** "Marcar como Contatado" / "Marcar como Convertido" (the caller checked the session). */
export async function setWaitlistStatusAction(form: FormEntries) {
  const id = rowId.safeParse(form.get("id"));
  if (!id.success) return actionFailed(intent, 404, waitlistAdminCopy.notFound);
  const parsed = parseForm(waitlistStatusSchema, form);
  if (!parsed.success) return actionFailed(intent, 400, parsed.error);
  const updated = await setWaitlistStatus(id.data, parsed.data.status);
  return updated ? actionOk(intent) : actionFailed(intent, 404, waitlistAdminCopy.notFound);
}
