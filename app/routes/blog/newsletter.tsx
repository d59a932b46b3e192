import { data, href, redirect } from "react-router";
import { NewsletterBox } from "../../components/site/newsletter-box.tsx";
import { newsletterCopy } from "../../content/email.ts";
import { subscribeToNewsletter } from "../../features/newsletter/newsletter.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { htmlOnlyPage } from "../../lib/page-scripts.ts";
import { clientIpContext } from "../../platform/http/request-context.ts";
import { privatePageHeaders } from "../../lib/private-page.ts";
import type { Route } from "./+types/newsletter";

// /newsletter: where the blog's newsletter box posts (docs/decisions/104). Success answers
// Post/Redirect/Get to `?pedido=enviado`; a bad address or a flood shows the box with the
// reason and its status.
export const handle = htmlOnlyPage;

export function meta() {
  return [{ title: newsletterCopy.metaTitle }, { name: "robots", content: "noindex" }];
}

export const headers = privatePageHeaders;

export function loader({ url }: Route.LoaderArgs) {
  return { sent: url.searchParams.get("pedido") === "enviado" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await subscribeToNewsletter(request, {
    clientIp: context.get(clientIpContext),
    rateLimitPerMinute: getEnv().SIGNUP_RATE_LIMIT,
  });
  if (result.status === 200) return redirect(`${href("/newsletter")}?pedido=enviado`, 303);
  return data({ message: result.message }, { status: result.status });
}

export default function NewsletterRoute({ loaderData, actionData }: Route.ComponentProps) {
  const message = actionData?.message ?? (loaderData.sent ? newsletterCopy.sent : undefined);
  return (
    <main id="conteudo" className="mx-auto max-w-3xl px-4 py-12">
      <NewsletterBox message={message} headingLevel="h1" />
    </main>
  );
}
