import { filterInviteOfferFor } from "../../features/waitlist/admin-invite.server.ts";
import type { Route } from "./+types/waitlist-invite-count";

// /admin/lista/convite: what "Convidar pessoas deste filtro" offers for the list's query
// string, counted when staff open its dialog, not on every load of the list (decisions 255,
// 256). A child of the admin layout, so its middleware checks the session first.

export function loader({ request }: Route.LoaderArgs) {
  return filterInviteOfferFor(new URL(request.url).searchParams);
}
