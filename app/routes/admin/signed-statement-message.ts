import { data } from "react-router";
import { rowId } from "../../features/admin/schema-fields.ts";
import {
  getRawMessage,
  rawMessageResponse,
} from "../../features/signed-statements/queries.server.ts";
import type { Route } from "./+types/signed-statement-message";

// /admin/robos/:id/extratos-assinados/:messageId/mensagem.eml: any message the robot's inbox
// kept, refused ones included, as it arrived (docs/decisions/431). A child of the admin
// layout, so its middleware checks the session first.
export async function loader({ params }: Route.LoaderArgs) {
  const robotId = rowId.safeParse(params.id);
  const messageId = rowId.safeParse(params.messageId);
  const found =
    robotId.success && messageId.success
      ? await getRawMessage(robotId.data, messageId.data)
      : undefined;
  if (!found) throw data("Mensagem não encontrada.", { status: 404 });
  return rawMessageResponse(found, "no-store");
}
