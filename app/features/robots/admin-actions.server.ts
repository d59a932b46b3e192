import { robotsAdminCopy } from "../../content/admin.ts";
import { parseForm } from "../../platform/http/parse-form.ts";
import type { FormEntries } from "../../platform/http/read-form.server.ts";
import { actionFailed, actionOk } from "../admin/action-result.server.ts";
import { rowId } from "../admin/schema-fields.ts";
import { updateRobot } from "./queries.server.ts";
import { robotUpdateSchema } from "./schema.ts";

/** "Editar Robô" -> "Salvar Alterações" (the admin layout checked the session). */
export async function updateRobotAction(form: FormEntries) {
  const id = rowId.safeParse(form.get("id"));
  if (!id.success) return actionFailed(404, robotsAdminCopy.notFound);
  const parsed = parseForm(robotUpdateSchema, form);
  if (!parsed.success) {
    return actionFailed(400, parsed.error, { fieldErrors: parsed.fieldErrors });
  }
  const result = await updateRobot(id.data, parsed.data);
  if (result.ok) return actionOk();
  switch (result.reason) {
    case "duplicate-slug":
      return actionFailed(409, robotsAdminCopy.duplicateSlug, {
        fieldErrors: { slug: robotsAdminCopy.duplicateSlug },
      });
    case "capacity-below-taken": {
      const message = robotsAdminCopy.capacityBelowTaken(result.taken);
      return actionFailed(409, message, { fieldErrors: { capacity: message } });
    }
    case "not-found":
      return actionFailed(404, robotsAdminCopy.notFound);
  }
}
