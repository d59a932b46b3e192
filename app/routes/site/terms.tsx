import { href } from "react-router";
import type { Route } from "./+types/terms";
import { LegalPage } from "../../components/site/legal-page.tsx";
import { termsCopy } from "../../content/legal.ts";
import { seoMeta, siteUrlFromMatches } from "../../lib/seo.ts";
import { publicPage } from "../../lib/page-scripts.ts";

export const handle = publicPage;

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    siteUrl: siteUrlFromMatches(matches),
    path: href("/termos"),
    ...termsCopy.meta,
  });
}

export default function Terms() {
  return (
    <LegalPage title={termsCopy.title} intro={termsCopy.intro} sections={termsCopy.sections} />
  );
}
