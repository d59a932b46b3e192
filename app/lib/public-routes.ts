import { href } from "react-router";
import { agentIds } from "../content/agent-ids.ts";

/** Every public page without parameters other than the agents' (sitemap, tests, benchmark). */
export const publicPaths = [
  href("/"),
  href("/agentes"),
  ...agentIds.map((slug) => href("/agentes/:slug", { slug })),
  ...agentIds.map((slug) => href("/agentes/:slug/lamina", { slug })),
  href("/como-funciona"),
  href("/precos"),
  href("/blog"),
  href("/contato"),
  href("/termos"),
  href("/privacidade"),
  href("/aviso-de-risco"),
] as const;

/** The blog's RSS 2.0 feed (linked from /blog's head). */
export const blogFeedPath = href("/blog/rss.xml");
