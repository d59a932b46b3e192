import { useMatches } from "react-router";

/** What a route module's `handle` may declare about the page it renders. */
export interface PageHandle {
  /** `false`: the page works with HTML and CSS alone and ships no JavaScript. */
  hydrate?: boolean;
  /**
   * `true`: every visitor gets the same HTML until an admin change, so the answer says
   * `Cache-Control: public` and the server's page cache keeps it (docs/decisions/061).
   */
  shared?: boolean;
  /**
   * For a shared page: the query parameters it reads, each with the values that change what
   * it shows. The page cache keys on these alone and renders the page without any other
   * parameter or value (docs/decisions/220), so a page must list every one it reads.
   */
  query?: Readonly<Record<string, readonly string[]>>;
}

/**
 * The Cache-Control of a shared page: browsers revalidate it every time; a shared cache in
 * front (nginx, deploy/nginx.conf) may answer it for `proxySeconds` (docs/decisions/403).
 */
export function sharedPageCacheControl(proxySeconds: number): string {
  return proxySeconds > 0
    ? `public, max-age=0, must-revalidate, s-maxage=${proxySeconds}`
    : "public, no-cache";
}

/** The `handle` of a page that ships no JavaScript (docs/decisions/060). */
export const htmlOnlyPage: PageHandle = { hydrate: false };

/** An HTML-only page that is the same for every visitor (docs/decisions/061). */
export const publicPage: PageHandle = { hydrate: false, shared: true };

const handleOf = (handle: unknown) => handle as PageHandle | undefined;

/** Whether the page loads React's scripts: unless one of its matched routes opts out. */
export function usePageHydrates(): boolean {
  return useMatches().every((match) => handleOf(match.handle)?.hydrate !== false);
}

/** Whether the page rendered is shared: its own (deepest) route says so. */
export function isSharedPage(handles: readonly unknown[]): boolean {
  return handleOf(handles.at(-1))?.shared === true;
}
