import { data } from "react-router";
import { agentNames } from "../../content/agent-ids.ts";
import { waitlistFilterCopy as copy } from "../../content/admin.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import { parseForm } from "../../platform/http/parse-form.ts";
import type { FormEntries } from "../../platform/http/read-form.server.ts";
import { actionFailed, actionOk } from "../admin/action-result.server.ts";
import {
  type FilterInvitation,
  inviteFilter,
  previewFilterInvitation,
} from "../invitations/invitations.server.ts";
import { type WaitlistFilter, waitlistFilterSchema } from "./admin-filters.ts";
import { filterConditions } from "./admin-queries.server.ts";

// Invitations for everyone in the list's filter (docs/decisions/255): only when the filter
// names one agent, since each robot has its own spots and queue. The number is counted only
// when staff open the dialog, by /admin/lista/convite (docs/decisions/256).

/** What /admin/lista offers for inviting its filter. */
export type FilterInviteOffer =
  | { state: "several-agents" }
  | { state: "no-robot"; agent: string }
  | ({ state: "ready" } & FilterInvitation);

export async function filterInviteOffer(filter: WaitlistFilter): Promise<FilterInviteOffer> {
  if (!filter.agente) return { state: "several-agents" };
  const preview = await previewFilterInvitation(filter.agente, filterConditions(filter), appNow());
  return preview
    ? { state: "ready", ...preview }
    : { state: "no-robot", agent: agentNames[filter.agente] };
}

/**
 * /admin/lista/convite?<the list's query string>: the offer for that filter, counted now; a
 * refused query string answers 400 with its reason (returned, so the dialog shows it).
 */
export async function filterInviteOfferFor(params: URLSearchParams) {
  const parsed = parseForm(waitlistFilterSchema, params);
  if (!parsed.success) {
    return data({ state: "refused" as const, error: parsed.error }, { status: 400 });
  }
  return data(await filterInviteOffer(parsed.data));
}

/**
 * "Convidar N pessoas deste filtro": `filtro` is the list's query string and `quantidade` the
 * number the dialog showed; a different number now answers 409 with it, nothing sent.
 */
export async function inviteFilterAction(form: FormEntries, staff: string) {
  const rawFilter = form.get("filtro");
  const filter = parseForm(
    waitlistFilterSchema,
    new URLSearchParams(typeof rawFilter === "string" ? rawFilter : ""),
  );
  if (!filter.success) return actionFailed(400, filter.error);
  if (!filter.data.agente) return actionFailed(400, copy.inviteNoAgent);
  const confirmed = Number(form.get("quantidade"));
  if (!Number.isSafeInteger(confirmed) || confirmed < 1) {
    return actionFailed(400, copy.bulkNone);
  }
  const result = await inviteFilter(
    filter.data.agente,
    filterConditions(filter.data),
    confirmed,
    staff,
    appNow(),
  );
  if ("refused" in result) return actionFailed(404, copy.inviteRobotNotFound);
  if ("changed" in result) return actionFailed(409, copy.inviteFilterChanged(result.changed));
  return actionOk();
}
