import { generatePath, matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { PageHandle } from "../app/lib/page-scripts.ts";

/** What the page cache needs to know of a page every visitor shares (docs/decisions/220). */
export interface SharedPage {
  /** The query parameters the page reads, each with the values that change what it shows. */
  query: NonNullable<PageHandle["query"]>;
}

const MAX_DECIDED_PATHS = 1_024;

/**
 * Which paths are shared pages, decided from the app's routes before anything renders: the
 * deepest route matched must say `shared` in its handle, and the path must be the route's
 * own spelling (`/precos`, not `/PRECOS` or `/precos/`, which React Router also matches), so
 * that variants of a path cannot fill the cache. Everything else streams through React
 * Router's handler as it would with a cookie.
 */
export function sharedPages(
  routes: ServerBuild["routes"],
): (pathname: string) => SharedPage | undefined {
  const all = Object.values(routes).filter((route) => route !== undefined);
  const tree = (parentId: string | undefined): RouteObject[] =>
    all
      .filter((route) => route.parentId === parentId)
      .map(({ id, path, caseSensitive, index }) =>
        index
          ? { id, path, caseSensitive, index: true }
          : { id, path, caseSensitive, children: tree(id) },
      );
  const roots = tree(undefined);
  // matchRoutes flattens and ranks every route (compiling each path's pattern) on each call:
  // 0.4 ms for this app's 55 routes on a quiet core, each time an anonymous GET passes the
  // page cache's middleware. Each path is decided once; bounded, so that made-up paths
  // cannot grow it (past the bound they are matched on each request, as before).
  const decided = new Map<string, SharedPage | undefined>();
  return (pathname) => {
    if (decided.has(pathname)) return decided.get(pathname);
    const page = sharedPageAt(pathname);
    if (decided.size < MAX_DECIDED_PATHS) decided.set(pathname, page);
    return page;
  };

  function sharedPageAt(pathname: string): SharedPage | undefined {
    const matches = matchRoutes(roots, pathname);
    const deepest = matches?.at(-1);
    if (!matches || !deepest) return undefined;
    const handle = routes[deepest.route.id ?? ""]?.module.handle as PageHandle | undefined;
    if (handle?.shared !== true) return undefined;
    const pattern = `/${matches
      .map((match) => match.route.path)
      .filter(Boolean)
      .join("/")}`;
    if (generatePath(pattern, deepest.params) !== pathname) return undefined;
    return { query: handle.query ?? {} };
  }
}
