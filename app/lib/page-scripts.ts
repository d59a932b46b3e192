import { useMatches } from "react-router";

/** What a route module's `handle` may declare about the page it renders. */
export interface PageHandle {
  /** `false`: the page works with HTML and CSS alone and ships no JavaScript. */
  hydrate?: boolean;
}

/** The `handle` of a page that ships no JavaScript (docs/decisions/060). */
export const htmlOnlyPage: PageHandle = { hydrate: false };

/** Whether the page loads React's scripts: unless one of its matched routes opts out. */
export function usePageHydrates(): boolean {
  return useMatches().every((match) => (match.handle as PageHandle | undefined)?.hydrate !== false);
}
