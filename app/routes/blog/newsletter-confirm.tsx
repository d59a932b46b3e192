import { data, href } from "react-router";
import { newsletterCopy as copy } from "../../content/email.ts";
import { ButtonPage, OutcomePage } from "../../components/link-page.tsx";
import {
  confirmNewsletter,
  newsletterTokenState,
} from "../../features/newsletter/newsletter.server.ts";
import { tokenStatus } from "../../features/email/tokens.server.ts";
import { htmlOnlyPage } from "../../lib/page-scripts.ts";
import { privatePageHeaders } from "../../lib/private-page.ts";
import type { Route } from "./+types/newsletter-confirm";

// /newsletter/confirmar/:token: GET shows the button, only its POST confirms (the waitlist's
// confirmation rules). Unknown or malformed 404, expired or used 410.
export const handle = htmlOnlyPage;

export function meta() {
  return [{ title: copy.metaTitle }, { name: "robots", content: "noindex" }];
}

export const headers = privatePageHeaders;

export async function loader({ params }: Route.LoaderArgs) {
  const state = await newsletterTokenState(params.token);
  return data({ state }, { status: tokenStatus[state] });
}

export async function action({ params }: Route.ActionArgs) {
  const state = await confirmNewsletter(params.token);
  return data({ state }, { status: state === "confirmed" ? 200 : tokenStatus[state] });
}

const outcomes = {
  confirmed: { title: copy.doneTitle, text: copy.doneText },
  "not-found": { title: copy.notFoundTitle, text: copy.notFoundText },
  gone: { title: copy.goneTitle, text: copy.goneText },
} as const;

export default function NewsletterConfirmRoute({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  if (state === "valid") {
    return (
      <ButtonPage title={copy.confirmTitle} text={copy.confirmText} button={copy.confirmButton} />
    );
  }
  return <OutcomePage {...outcomes[state]} link={{ to: href("/blog"), label: copy.blogLink }} />;
}
