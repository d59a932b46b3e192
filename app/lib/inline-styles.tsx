import { createContext, useContext } from "react";

// The site's one stylesheet, inlined into every server-rendered page instead of a
// render-blocking request (docs/decisions/007-inline-stylesheet.md). entry.server.tsx
// provides it; in the browser it is empty, and React 19 leaves the server's <style> in
// <head> alone while hydrating.
const InlineStylesContext = createContext("");

export const InlineStylesProvider = InlineStylesContext.Provider;

export function InlineStyles() {
  const css = useContext(InlineStylesContext);
  return css ? <style dangerouslySetInnerHTML={{ __html: css }} /> : null;
}
