import { href, Link } from "react-router";
import type { Route } from "./+types/privacy";
import { LegalPage } from "../../components/site/legal-page.tsx";
import { privacyCopy } from "../../content/legal.ts";
import { seoMeta, siteUrlFromMatches } from "../../lib/seo.ts";
import { useSiteConfig } from "../../lib/use-site-config.ts";
import { publicPage } from "../../lib/page-scripts.ts";

export const handle = publicPage;

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    siteUrl: siteUrlFromMatches(matches),
    path: href("/privacidade"),
    ...privacyCopy.meta,
  });
}

export default function Privacy() {
  const { privacyEmail, privacyOfficerName } = useSiteConfig();
  return (
    <LegalPage title={privacyCopy.title} intro={privacyCopy.intro} sections={privacyCopy.sections}>
      <div className="mt-8 space-y-2 rounded-xl border border-border bg-card p-5">
        <p>
          {privacyCopy.officerLabel} <span className="font-semibold">{privacyOfficerName}</span>
        </p>
        <p>
          {privacyCopy.contactLabel}{" "}
          <a
            href={`mailto:${privacyEmail}`}
            className="font-semibold text-primary underline underline-offset-4"
          >
            {privacyEmail}
          </a>
        </p>
        <p>
          <Link
            to={href("/meus-dados")}
            className="font-semibold text-primary underline underline-offset-4"
          >
            {privacyCopy.myDataLink}
          </Link>
        </p>
      </div>
    </LegalPage>
  );
}
