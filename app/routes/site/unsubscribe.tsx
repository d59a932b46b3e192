import { data, href } from "react-router";
import { unsubscribeCopy as copy } from "../../content/email.ts";
import { ButtonPage, OutcomePage } from "../../components/link-page.tsx";
import { unsubscribe, unsubscribeLinkExists } from "../../features/privacy/unsubscribe.server.ts";
import { htmlOnlyPage } from "../../lib/page-scripts.ts";
import { privatePageHeaders } from "../../lib/private-page.ts";
import type { Route } from "./+types/unsubscribe";

// /descadastrar/:token, the List-Unsubscribe link (docs/decisions/089): GET shows the button;
// a POST (the button, or the mail provider's one-click POST) unsubscribes. Unknown 404.
export const handle = htmlOnlyPage;

export function meta() {
  return [{ title: copy.metaTitle }, { name: "robots", content: "noindex" }];
}

export const headers = privatePageHeaders;

export async function loader({ params }: Route.LoaderArgs) {
  const found = await unsubscribeLinkExists(params.token);
  return data(
    { state: found ? ("valid" as const) : ("not-found" as const) },
    {
      status: found ? 200 : 404,
    },
  );
}

export async function action({ params }: Route.ActionArgs) {
  const done = await unsubscribe(params.token);
  return data(
    { state: done ? ("done" as const) : ("not-found" as const) },
    {
      status: done ? 200 : 404,
    },
  );
}

export default function UnsubscribeRoute({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  if (state === "valid")
    return <ButtonPage title={copy.title} text={copy.text} button={copy.button} />;
  const outcome =
    state === "done"
      ? { title: copy.doneTitle, text: copy.doneText }
      : { title: copy.notFoundTitle, text: copy.notFoundText };
  return <OutcomePage {...outcome} link={{ to: href("/"), label: copy.homeLink }} />;
}
