import { href } from "react-router";
import { myDataCopy as copy } from "../../content/email.ts";
import { SessionLinkPage } from "../../components/link-page.tsx";
import { myDataLinkPage, spendMyDataLink } from "../../features/privacy/my-data.server.ts";
import { htmlOnlyPage } from "../../lib/page-scripts.ts";
import { privatePageHeaders } from "../../lib/private-page.ts";
import type { Route } from "./+types/my-data-view";

// /meus-dados/:token, the e-mailed link: GET shows a button (mail scanners follow links);
// its POST spends the link (once, within 1 hour) and opens /meus-dados/painel in this
// browser. Unknown or malformed 404, expired or used 410.
export const handle = htmlOnlyPage;

export function meta() {
  return [{ title: copy.metaTitle }, { name: "robots", content: "noindex" }];
}

export const headers = privatePageHeaders;

export const loader = ({ params }: Route.LoaderArgs) => myDataLinkPage(params.token);

export const action = ({ params }: Route.ActionArgs) =>
  spendMyDataLink(params.token, href("/meus-dados/painel"));

export default function MyDataLinkRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SessionLinkPage
      state={actionData?.state ?? loaderData.state}
      copy={copy}
      home={href("/meus-dados")}
    />
  );
}
