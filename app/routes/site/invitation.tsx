import { data } from "react-router";
import { invitationPageCopy } from "../../content/invitations.ts";
import {
  InvitationPage,
  type InvitationPageState,
} from "../../features/invitations/invitation-page.tsx";
import {
  answerInvitation,
  deadlineText,
  lookUpInvitation,
} from "../../features/invitations/invitations.server.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import { readForm } from "../../platform/http/read-form.server.ts";
import { privatePageHeaders } from "../../lib/private-page.ts";
import type { Route } from "./+types/invitation";

// /convite/:token: GET only shows the invitation (mail scanners follow links);
// the buttons' POST accepts or declines. Unknown 404, used or past its deadline 410, no
// spot left 409; the pages never say who was invited.
const FORM_MAX_BYTES = 1024;

const statusOf: Record<InvitationPageState["state"], number> = {
  open: 200,
  accepted: 200,
  declined: 200,
  "already-accepted": 410,
  gone: 410,
  full: 409,
  "not-found": 404,
  invalid: 400,
};

function answer(view: InvitationPageState) {
  return data({ view }, { status: statusOf[view.state] });
}

export function meta() {
  return [{ title: invitationPageCopy.metaTitle }, { name: "robots", content: "noindex" }];
}

export async function loader({ params }: Route.LoaderArgs) {
  const now = appNow();
  const lookup = await lookUpInvitation(params.token, now);
  if (lookup.state !== "open") {
    return answer({ state: lookup.state === "accepted" ? "already-accepted" : lookup.state });
  }
  const { invitation } = lookup;
  return answer({
    state: "open",
    robotName: invitation.robotName,
    price: invitation.price,
    discountedPrice: invitation.discountedPrice,
    deadline: deadlineText(invitation.deadline),
    msLeft: invitation.deadline.getTime() - now.getTime(),
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  const read = await readForm(request, FORM_MAX_BYTES);
  const intent = read.ok ? read.form.get("intent") : null;
  if (intent !== "accept" && intent !== "decline") return answer({ state: "invalid" });
  return answer({ state: await answerInvitation(params.token, intent, appNow()) });
}

export const headers = privatePageHeaders;

export default function InvitationRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <InvitationPage view={actionData?.view ?? loaderData.view} />;
}
