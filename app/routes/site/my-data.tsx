import { data } from "react-router";
import { myDataCopy } from "../../content/email.ts";
import { MyDataRequestPage } from "../../features/email/my-data-page.tsx";
import { requestMyDataLink } from "../../features/email/my-data.server.ts";
import { getEnv } from "../../lib/env.server.ts";
import { clientIpContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/my-data";

// /meus-dados: a person asks for a link to their data; the answer never reveals whether
// the address is listed.
export function meta() {
  return [{ title: myDataCopy.metaTitle }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await requestMyDataLink(request, {
    clientIp: context.get(clientIpContext),
    rateLimitPerMinute: getEnv().SIGNUP_RATE_LIMIT,
  });
  return data({ message: result.message }, { status: result.status });
}

export default function MyDataRoute({ actionData }: Route.ComponentProps) {
  return <MyDataRequestPage message={actionData?.message} />;
}
