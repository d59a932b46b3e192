import { data } from "react-router";
import { myDataCopy } from "../../content/email.ts";
import { MyDataRequestPage } from "../../features/privacy/my-data-page.tsx";
import { requestMyDataLink } from "../../features/privacy/my-data.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { htmlOnlyPage } from "../../lib/page-scripts.ts";
import { clientIpContext } from "../../platform/http/request-context.ts";
import { privatePageHeaders } from "../../lib/private-page.ts";
import type { Route } from "./+types/my-data";

// /meus-dados: a person asks for a link to their data; the answer never reveals whether
// the address is listed. `?apagado` is where a deletion lands.
export const handle = htmlOnlyPage;

export function meta() {
  return [{ title: myDataCopy.metaTitle }, { name: "robots", content: "noindex" }];
}

export const headers = privatePageHeaders;

export function loader({ url }: Route.LoaderArgs) {
  return { erased: url.searchParams.has("apagado") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await requestMyDataLink(request, {
    clientIp: context.get(clientIpContext),
    rateLimitPerMinute: getEnv().SIGNUP_RATE_LIMIT,
  });
  return data({ message: result.message }, { status: result.status });
}

export default function MyDataRoute({ loaderData, actionData }: Route.ComponentProps) {
  const message = actionData?.message ?? (loaderData.erased ? myDataCopy.erased : undefined);
  return <MyDataRequestPage message={message} />;
}
