import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { publicPage } from "../app/lib/page-scripts.ts";
import { sharedPages } from "./shared-pages.ts";

// A route manifest shaped like the build's (app/routes.ts): the root, the site's layout,
// shared pages, a page that is not shared (/contato) and the catch-all 404.
const blogQuery = { categoria: ["educacao"] };
const route = (id: string, fields: object, handle?: object) => ({
  id,
  module: { default: () => null, handle },
  ...fields,
});
const routes = Object.fromEntries(
  [
    route("root", { path: "" }),
    route("layout", { parentId: "root" }),
    route("home", { parentId: "layout", index: true }, publicPage),
    route("precos", { parentId: "layout", path: "precos" }, publicPage),
    route("blog", { parentId: "layout", path: "blog" }, { ...publicPage, query: blogQuery }),
    route("post", { parentId: "layout", path: "blog/:slug" }, publicPage),
    route("contato", { parentId: "layout", path: "contato" }, { hydrate: true }),
    route("not-found", { parentId: "layout", path: "*" }, { hydrate: false }),
  ].map((entry) => [entry.id, entry]),
) as unknown as ServerBuild["routes"];

describe("shared pages", () => {
  const sharedPageOf = sharedPages(routes);

  it("are the paths whose deepest route says shared, with the query it declares", () => {
    expect(sharedPageOf("/")).toEqual({ query: {} });
    expect(sharedPageOf("/precos")).toEqual({ query: {} });
    expect(sharedPageOf("/blog")).toEqual({ query: blogQuery });
    expect(sharedPageOf("/blog/um-post")).toEqual({ query: {} });
    expect(sharedPageOf("/contato")).toBeUndefined();
    expect(sharedPageOf("/nao-existe")).toBeUndefined();
  });

  it("only at the route's own spelling of the path, so variants cannot fill the cache", () => {
    for (const variant of ["/PRECOS", "/Precos", "/precos/", "/blog/", "/BLOG/um-post"]) {
      expect(sharedPageOf(variant)).toBeUndefined();
    }
  });
});
