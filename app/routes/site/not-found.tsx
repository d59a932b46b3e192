import { data } from "react-router";
import { NotFound } from "../../components/not-found.tsx";
import { notFoundCopy } from "../../content/layout.ts";
import { htmlOnlyPage } from "../../lib/page-scripts.ts";

// Any path no other route matches: the 404 page, answered with HTTP 404.

export const handle = htmlOnlyPage;

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: `${notFoundCopy.title} | Agentes FX` }, { name: "robots", content: "noindex" }];
}

export default function NotFoundRoute() {
  return <NotFound />;
}
