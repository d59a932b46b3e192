import { href } from "react-router";
import { accountCopy as copy } from "../../content/account.ts";
import { SessionLinkPage } from "../../components/link-page.tsx";
import { accountSession } from "../../features/account/session.server.ts";
import { htmlOnlyPage } from "../../lib/page-scripts.ts";
import { privatePageHeaders } from "../../lib/private-page.ts";
import type { Route } from "./+types/account-link";

// /minha-conta/:token, the e-mailed link: GET shows a button (mail scanners follow links);
// its POST spends the link (once, within 1 hour) and opens /minha-conta/painel in this
// browser. Unknown or malformed 404, expired or used 410 (docs/decisions/185).
export const handle = htmlOnlyPage;

export function meta() {
  return [{ title: copy.metaTitle }, { name: "robots", content: "noindex" }];
}

export const headers = privatePageHeaders;

export const loader = ({ params }: Route.LoaderArgs) => accountSession.linkPage(params.token);

export const action = ({ params }: Route.ActionArgs) =>
  accountSession.spendLink(params.token, href("/minha-conta/painel"));

export default function AccountLinkRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SessionLinkPage
      state={actionData?.state ?? loaderData.state}
      copy={copy}
      home={href("/minha-conta")}
    />
  );
}
