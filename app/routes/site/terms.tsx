import { href } from "react-router";
import type { Route } from "./+types/terms";
import { LegalPage } from "../../components/site/legal-page.tsx";
import { termsCopy, termsSections } from "../../content/legal.ts";
import { downtimeText, serviceCreditCopy } from "../../content/service-credit.ts";
import { creditThresholdMinutes } from "../../features/fleet/service-credit.server.ts";
import { seoMeta, siteUrlFromMatches } from "../../lib/seo.ts";
import { publicPage } from "../../lib/page-scripts.ts";

export const handle = publicPage;

// The service-credit rule carries the threshold staff set (docs/decisions/394); a change
// empties the page cache (the table's trigger, drizzle's fleet-credit migration).
export async function loader() {
  return { creditRule: serviceCreditCopy.rule(downtimeText(await creditThresholdMinutes())) };
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    siteUrl: siteUrlFromMatches(matches),
    path: href("/termos"),
    ...termsCopy.meta,
  });
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      title={termsCopy.title}
      intro={termsCopy.intro}
      sections={termsSections(loaderData.creditRule)}
    />
  );
}
