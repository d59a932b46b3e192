import {
  createStaticHandler,
  matchRoutes,
  type RouteObject,
  type ServerBuild,
  type StaticHandlerContext,
} from "react-router";
import { describe, expect, it } from "vitest";
import routes from "../../routes.ts";
import { browserHandoff, withRoutePatternMatching } from "./route-matching.server.ts";

interface RouteEntry {
  id?: string;
  file: string;
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

// app/routes.ts as React Router's build holds it: under the root route, ids from file names.
const toRouteObject = (entry: RouteEntry): RouteObject =>
  ({
    id: entry.id ?? entry.file.replace(/\.tsx?$/, ""),
    path: entry.path,
    index: entry.index,
    children: entry.children?.map(toRouteObject),
  }) as RouteObject;
const appRoutes: RouteObject[] = [
  { id: "root", path: "", children: (routes as RouteEntry[]).map(toRouteObject) },
];

function routePaths(entries: readonly RouteEntry[]): string[] {
  return entries.flatMap((entry) => [
    ...(entry.path ? [entry.path] : []),
    ...routePaths(entry.children ?? []),
  ]);
}

/** Every route's path with sample values, spelled the ways a visitor or a bot may spell it. */
const urls = [
  "/",
  "//",
  "/nao-existe",
  "/nao/existe/mesmo",
  "/admin/lista/1/2",
  "/blog/um-post/extra",
  "/contato.data",
  ...routePaths(routes as RouteEntry[]).flatMap((routePath) => {
    const path = `/${routePath.replace(/:\w+/g, "um-valor_1").replace("*", "qualquer/coisa")}`;
    return [
      path,
      `${path}/`,
      path.toUpperCase(),
      `${path}/caf%C3%A9`,
      path.replace("um-valor_1", "caf%C3%A9%20com%2Fbarra"),
      path.replace("um-valor_1", "a.b"),
      `/${path}`,
      `${path}//`,
      path.replace(/\/([^/]*)$/, "//$1"),
      `${path}%2F`,
      `${path}/.`,
      `${path}/..`,
      `${path};x`,
    ];
  }),
];

const routePatternHandler = createStaticHandler(appRoutes, {
  future: withRoutePatternMatching({ future: {} } as ServerBuild).future,
});
const defaultHandler = createStaticHandler(appRoutes);

async function serverMatches(url: string, handler = routePatternHandler) {
  const request = new Request(`http://localhost${url}`);
  const context = (await handler.query(request)) as StaticHandlerContext;
  return context.matches.map((match) => [match.route.id, match.params]);
}

function browserMatches(url: string) {
  const { pathname } = new URL(`http://localhost${url}`);
  return (matchRoutes(appRoutes, pathname) ?? []).map((match) => [match.route.id, match.params]);
}

describe("route matching (docs/decisions/314)", () => {
  it("gives the server the route-pattern matcher's flag", () => {
    const build = { future: {}, routes: {} } as ServerBuild;
    expect(withRoutePatternMatching(build).future).toEqual({
      unstable_routePatternMatching: true,
    });
    expect(build.future).toEqual({});
  });

  it("matches every URL of app/routes.ts as the default matcher does, but paths ending in //", async () => {
    expect(urls.length).toBeGreaterThan(500);
    const differences: string[] = [];
    for (const url of urls) {
      const before = await serverMatches(url, defaultHandler);
      const after = await serverMatches(url);
      // The browser's matcher is the default one.
      expect(before).toEqual(browserMatches(url));
      if (JSON.stringify(after) === JSON.stringify(before)) continue;
      differences.push(url);
      // The one difference: "/contato//" was /contato, now it is the 404 page.
      expect(after.at(-1)?.[0]).toBe("routes/site/not-found");
    }
    expect(differences.length).toBeGreaterThan(0);
    expect(differences.filter((url) => !url.endsWith("//"))).toEqual([]);
    // Some 1,400 URLs through three matchers: 2-3 s on a quiet machine, 6.8 s at load 10.
  }, 30_000);

  it("tells the browser's router to keep its own matcher", () => {
    const handoff = `{"basename":"/","future":{"unstable_routePatternMatching":true},"ssr":true}`;
    expect(JSON.parse(browserHandoff(handoff))).toEqual({
      basename: "/",
      future: { unstable_routePatternMatching: false },
      ssr: true,
    });
    expect(browserHandoff(undefined)).toBeUndefined();
  });
});
