import { href } from "react-router";
import type { Route } from "./+types/risk-notice";
import { LegalPage } from "../../components/site/legal-page.tsx";
import { ButtonLink } from "../../components/ui/button.tsx";
import { riskNoticeCopy } from "../../content/legal.ts";
import { seoMeta, siteUrlFromMatches } from "../../lib/seo.ts";
import { useSiteConfig } from "../../lib/use-site-config.ts";
import { publicPage } from "../../lib/page-scripts.ts";

export const handle = publicPage;

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    siteUrl: siteUrlFromMatches(matches),
    path: href("/aviso-de-risco"),
    ...riskNoticeCopy.meta,
  });
}

export default function RiskNotice() {
  const { contactEmail } = useSiteConfig();
  const { contact } = riskNoticeCopy;
  return (
    <LegalPage
      title={riskNoticeCopy.title}
      intro={riskNoticeCopy.intro}
      sections={riskNoticeCopy.sections}
    >
      <section
        aria-labelledby="duvidas"
        className="mt-10 rounded-2xl border border-border bg-card p-6"
      >
        <h2 id="duvidas" className="text-xl font-semibold">
          {contact.title}
        </h2>
        <p className="mt-3 text-muted-foreground">{contact.text}</p>
        <p className="mt-3">
          {contact.emailLabel}{" "}
          <a
            href={`mailto:${contactEmail}`}
            className="font-semibold text-primary underline underline-offset-4"
          >
            {contactEmail}
          </a>
        </p>
        <ButtonLink to={href("/contato")} className="mt-5">
          {contact.link}
        </ButtonLink>
      </section>
    </LegalPage>
  );
}
