import type { Route } from "./+types/privacy";
import { LegalPage } from "../../components/site/legal-page.tsx";
import { privacyCopy } from "../../content/legal.ts";
import { seoMeta, siteUrlFromMatches } from "../../lib/seo.ts";
import { useSiteConfig } from "../../lib/use-site-config.ts";
import { htmlOnlyPage } from "../../lib/page-scripts.ts";

export const handle = htmlOnlyPage;

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    siteUrl: siteUrlFromMatches(matches),
    path: "/privacidade",
    ...privacyCopy.meta,
  });
}

export default function Privacy() {
  const { privacyEmail } = useSiteConfig();
  return (
    <LegalPage title={privacyCopy.title} intro={privacyCopy.intro} sections={privacyCopy.sections}>
      <p className="mt-8 rounded-xl border border-border bg-card p-5">
        {privacyCopy.contactLabel}{" "}
        <a
          href={`mailto:${privacyEmail}`}
          className="font-semibold text-primary underline underline-offset-4"
        >
          {privacyEmail}
        </a>
      </p>
    </LegalPage>
  );
}
