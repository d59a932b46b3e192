import { Check } from "../../components/ui/icons/check.tsx";
import { data, href, redirect } from "react-router";
import { isAgentId } from "../../content/agent-ids.ts";
import { contactPage } from "../../content/contact.ts";
import { signupConfirmed, signupDoneParam } from "../../features/waitlist/fields.ts";
import { SignupForm } from "../../features/waitlist/signup-form.tsx";
import { handleSignup } from "../../features/waitlist/signup.server.ts";
import { signupAttributionOf } from "../../features/waitlist/source.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { seoMeta, siteUrlFromMatches } from "../../lib/seo.ts";
import { clientIpContext } from "../../platform/http/request-context.ts";
import { useSiteConfig } from "../../lib/use-site-config.ts";
import { submitContactSupport } from "../../features/support/forms.server.ts";
import { SupportForm } from "../../features/support/support-form.tsx";
import { appNow } from "../../platform/http/clock.server.ts";
import type { Route } from "./+types/contact";

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    siteUrl: siteUrlFromMatches(matches),
    path: href("/contato"),
    ...contactPage.meta,
  });
}

export function loader({ request, url }: Route.LoaderArgs) {
  const agent = url.searchParams.get("agente");
  return {
    preselectedAgent: agent && isAgentId(agent) ? agent : null,
    attribution: signupAttributionOf(request),
    signedUp: url.searchParams.get(signupDoneParam.name) === signupDoneParam.value,
  };
}

/** The support form posts to /contato?suporte; the waitlist form to /contato. */
const supportParam = "suporte";

export async function action({ request, url, context }: Route.ActionArgs) {
  if (url.searchParams.has(supportParam)) {
    const answer = await submitContactSupport(
      request,
      { clientIp: context.get(clientIpContext), rateLimitPerMinute: getEnv().SIGNUP_RATE_LIMIT },
      appNow(),
    );
    return data(answer.result, { status: answer.status });
  }
  const result = await handleSignup(request, {
    clientIp: context.get(clientIpContext),
    rateLimitPerMinute: getEnv().SIGNUP_RATE_LIMIT,
  });
  // A plain form post (no JavaScript) that succeeded is answered Post/Redirect/Get: the page
  // then shows the success, and reloading it sends nothing again. React Router's own data
  // requests (JavaScript) carry `.data` in the raw URL and get the answer as data
  // (docs/decisions/023-signup-answers-with-and-without-javascript.md).
  const dataRequest = new URL(request.url).pathname !== url.pathname;
  if (result.data.ok && !dataRequest) {
    return redirect(`${url.pathname}?${signupDoneParam.name}=${signupDoneParam.value}`, 303);
  }
  return data(result.data, { status: result.status, headers: result.headers });
}

// The page embeds the visitor's own referrer and campaign (decision 144), so it is never shared from a
// cache; the action's Retry-After (429) reaches the document answer.
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers(actionHeaders);
  headers.set("Cache-Control", "private, no-cache");
  return headers;
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const support = actionData && "form" in actionData ? actionData : undefined;
  const signup = actionData && !("form" in actionData) ? actionData : undefined;
  return (
    <main id="conteudo" className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <div className="grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="contato-titulo">
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">
            {contactPage.eyebrow}
          </p>
          <h1 id="contato-titulo" className="mt-2 text-3xl font-bold sm:text-4xl">
            {contactPage.title}
          </h1>
          <p className="mt-4 text-muted-foreground">{contactPage.intro}</p>
          <div className="mt-8 rounded-xl border border-border bg-card p-5 sm:p-8">
            <SignupForm
              preselectedAgent={loaderData.preselectedAgent}
              attribution={loaderData.attribution}
              result={signup ?? (loaderData.signedUp ? signupConfirmed : undefined)}
            />
          </div>
          <div className="mt-8 rounded-xl border border-border bg-card p-5 sm:p-8">
            <SupportForm action={`${href("/contato")}?${supportParam}`} result={support} />
          </div>
        </section>
        <aside aria-labelledby="contato-beneficios" className="space-y-6 lg:pt-24">
          <div className="rounded-xl border border-border bg-card p-6">
            <h2 id="contato-beneficios" className="text-xl font-semibold">
              {contactPage.benefitsTitle}
            </h2>
            <ul className="mt-4 space-y-3">
              {contactPage.benefits.map((benefit) => (
                <li key={benefit} className="flex gap-3">
                  <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                  <span>{benefit}</span>
                </li>
              ))}
            </ul>
          </div>
          <SupportContacts />
          <p className="rounded-xl border border-danger/40 bg-danger/10 p-4 text-sm text-danger">
            {contactPage.riskWarning}
          </p>
        </aside>
      </div>
    </main>
  );
}

/** The support e-mail, and WhatsApp when the configuration names a number. */
function SupportContacts() {
  const { contactEmail, whatsappUrl } = useSiteConfig();
  return (
    <section
      aria-labelledby="contato-suporte"
      className="rounded-xl border border-border bg-card p-6"
    >
      <h2 id="contato-suporte" className="text-xl font-semibold">
        {contactPage.supportTitle}
      </h2>
      <p className="mt-2 text-muted-foreground">{contactPage.supportText}</p>
      <p className="mt-3">
        {contactPage.supportEmailLabel}{" "}
        <a href={`mailto:${contactEmail}`} className="text-primary underline underline-offset-4">
          {contactEmail}
        </a>
      </p>
      {whatsappUrl ? (
        <p className="mt-1">
          {contactPage.whatsappLabel}{" "}
          <a href={whatsappUrl} className="text-primary underline underline-offset-4">
            {contactPage.whatsappLink}
          </a>
        </p>
      ) : null}
    </section>
  );
}
