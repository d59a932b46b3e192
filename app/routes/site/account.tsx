import { data } from "react-router";
import { accountCopy } from "../../content/account.ts";
import { AccountRequestPage } from "../../features/account/account-page.tsx";
import { requestAccountLink } from "../../features/account/session.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { htmlOnlyPage } from "../../lib/page-scripts.ts";
import { clientIpContext } from "../../platform/http/request-context.ts";
import { privatePageHeaders } from "../../lib/private-page.ts";
import type { Route } from "./+types/account";

// /minha-conta: a customer asks for a link to their area; the answer never reveals whether
// the address has an order (docs/decisions/185).
export const handle = htmlOnlyPage;

export function meta() {
  return [{ title: accountCopy.metaTitle }, { name: "robots", content: "noindex" }];
}

export const headers = privatePageHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const result = await requestAccountLink(request, {
    clientIp: context.get(clientIpContext),
    rateLimitPerMinute: getEnv().SIGNUP_RATE_LIMIT,
  });
  return data({ message: result.message }, { status: result.status });
}

export default function AccountRoute({ actionData }: Route.ComponentProps) {
  return <AccountRequestPage message={actionData?.message} />;
}
