import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFound } from "../../components/not-found.tsx";
import { notFoundCopy } from "../../content/layout.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import { htmlOnlyPage } from "../../lib/page-scripts.ts";

// Any path no other route matches: the 404 page, answered with HTTP 404. The page ships no
// JavaScript, so the missing path (docs/product.md section 2) is logged on the server's console.

export const handle = htmlOnlyPage;

export function loader({ request }: Route.LoaderArgs) {
  getLogger().warn({ path: new URL(request.url).pathname }, "404: no route for this path");
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: notFoundCopy.pageTitle }, { name: "robots", content: "noindex" }];
}

export default function NotFoundRoute() {
  return <NotFound />;
}
