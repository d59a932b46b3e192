/**
 * The headers of a page reached by a secret link (a token in its URL) or showing one
 * person's data: no cache keeps it. The site-wide Referrer-Policy (same-origin) keeps the
 * token from other sites; no-referrer would make browsers post `Origin: null` from the
 * page's forms, which React Router refuses, so forms without JavaScript would fail.
 */
export function privatePageHeaders() {
  return { "Cache-Control": "private, no-store" };
}
