import { data } from "react-router";
import { confirmPageCopy } from "../../content/email.ts";
import { ConfirmPage } from "../../features/email/confirm-page.tsx";
import { confirmationTokenState, confirmSignup } from "../../features/email/confirmation.server.ts";
import type { Route } from "./+types/confirm";

// /confirmar/:token, the double opt-in link: GET shows a button, only its POST confirms
// (mail scanners follow GET links). Unknown or malformed 404, expired or used 410.
const statusOf = { valid: 200, confirmed: 200, "not-found": 404, gone: 410 } as const;

export function meta() {
  return [{ title: confirmPageCopy.metaTitle }, { name: "robots", content: "noindex" }];
}

export async function loader({ params }: Route.LoaderArgs) {
  const state = await confirmationTokenState(params.token);
  return data({ state }, { status: statusOf[state] });
}

export async function action({ params }: Route.ActionArgs) {
  const state = await confirmSignup(params.token);
  return data({ state }, { status: statusOf[state] });
}

export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export default function ConfirmRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <ConfirmPage state={actionData?.state ?? loaderData.state} />;
}
