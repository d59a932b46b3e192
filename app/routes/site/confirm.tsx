import { data } from "react-router";
import { confirmPageCopy } from "../../content/email.ts";
import { ConfirmPage, type ConfirmPageState } from "../../features/confirmation/confirm-page.tsx";
import {
  confirmationTokenState,
  confirmSignup,
  expiredConfirmationEntry,
  resendConfirmation,
} from "../../features/confirmation/confirmation.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { htmlOnlyPage } from "../../lib/page-scripts.ts";
import { overClientLimit } from "../../platform/http/public-form.server.ts";
import { clientIpContext } from "../../platform/http/request-context.ts";
import { privatePageHeaders } from "../../lib/private-page.ts";
import type { Route } from "./+types/confirm";

// /confirmar/:token, the double opt-in link: GET shows a button, only its POST confirms
// (mail scanners follow GET links). Unknown or malformed 404, expired or used 410; a link
// that expired unused offers "Reenviar confirmação" (POST ?reenviar), limited per client like
// /contato and to 3 confirmation messages per address per day.
export const handle = htmlOnlyPage;

const statusOf = {
  valid: 200,
  confirmed: 200,
  resent: 200,
  "not-found": 404,
  gone: 410,
  expired: 410,
  throttled: 429,
} as const satisfies Record<ConfirmPageState, number>;

const answer = (state: ConfirmPageState) => data({ state }, { status: statusOf[state] });

export function meta() {
  return [{ title: confirmPageCopy.metaTitle }, { name: "robots", content: "noindex" }];
}

export async function loader({ params }: Route.LoaderArgs) {
  const state = await confirmationTokenState(params.token);
  if (state === "gone" && (await expiredConfirmationEntry(params.token))) return answer("expired");
  return answer(state);
}

export async function action({ params, url, context }: Route.ActionArgs) {
  if (!url.searchParams.has("reenviar")) return answer(await confirmSignup(params.token));
  const limited = await overClientLimit({
    name: "confirm-resend",
    clientIp: context.get(clientIpContext),
    perMinute: getEnv().SIGNUP_RATE_LIMIT,
  });
  if (limited) return answer("throttled");
  const entryId = await expiredConfirmationEntry(params.token);
  if (!entryId) return answer(await confirmationTokenState(params.token));
  const resent = await resendConfirmation(entryId);
  return answer(resent === "queued" ? "resent" : resent === "throttled" ? "throttled" : "gone");
}

export const headers = privatePageHeaders;

export default function ConfirmRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <ConfirmPage state={actionData?.state ?? loaderData.state} />;
}
