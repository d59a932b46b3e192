import { getSiteConfig } from "../../lib/site-config.server.ts";
import { buildRobotsTxt } from "../../lib/sitemap.ts";

export function loader() {
  return new Response(buildRobotsTxt(getSiteConfig().siteUrl), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
