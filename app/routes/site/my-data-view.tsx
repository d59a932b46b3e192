import { data, href, redirect } from "react-router";
import { myDataCopy as copy } from "../../content/email.ts";
import { ButtonPage, OutcomePage } from "../../components/link-page.tsx";
import { myDataLinkState, openMyData } from "../../features/privacy/my-data.server.ts";
import { tokenStatus } from "../../features/email/tokens.server.ts";
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

export async function loader({ params }: Route.LoaderArgs) {
  const state = await myDataLinkState(params.token);
  return data({ state }, { status: tokenStatus[state] });
}

export async function action({ params }: Route.ActionArgs) {
  const opened = await openMyData(params.token);
  if (opened.state === "opened") {
    return redirect(href("/meus-dados/painel"), {
      status: 303,
      headers: { "Set-Cookie": opened.setCookie },
    });
  }
  return data({ state: opened.state }, { status: tokenStatus[opened.state] });
}

const problems = {
  "not-found": { title: copy.notFoundTitle, text: copy.notFoundText },
  gone: { title: copy.goneTitle, text: copy.goneText },
} as const;

export default function MyDataLinkRoute({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  if (state === "valid") {
    return <ButtonPage title={copy.openTitle} text={copy.openText} button={copy.openButton} />;
  }
  return <OutcomePage {...problems[state]} link={{ to: href("/meus-dados"), label: copy.title }} />;
}
