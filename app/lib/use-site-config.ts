import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";
import type { SiteConfig } from "./site-config.server.ts";

/** The site configuration (e-mails, social URLs, partner broker) sent by the root loader. */
export function useSiteConfig(): SiteConfig {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!root) throw new Error("The root loader's site configuration is missing");
  return root.site;
}
