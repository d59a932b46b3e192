import { agentIds } from "../content/agent-ids.ts";

/** Every public page without parameters other than the agents' (sitemap, tests, benchmark). */
export const publicPaths = [
  "/",
  "/agentes",
  ...agentIds.map((id) => `/agentes/${id}`),
  "/como-funciona",
  "/precos",
  "/blog",
  "/contato",
  "/termos",
  "/privacidade",
  "/aviso-de-risco",
] as const;

/** The blog's RSS 2.0 feed (linked from /blog's head). */
export const blogFeedPath = "/blog/rss.xml";
