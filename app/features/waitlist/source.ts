// Where a sign-up came from (the waitlist's `source` column): the page's utm_source, or the
// origin of a Referer from another site (docs/decisions/022-signup-source.md).
import { hasControlCharacters } from "../../lib/text.ts";
import { signupLimits } from "./fields.ts";

/** Trims and bounds a claimed source; null when there is nothing usable. */
export function boundSource(value: unknown): string | null {
  if (typeof value !== "string") return null;
  // Cut by characters (code points), never inside a surrogate pair.
  const trimmed = Array.from(value.trim()).slice(0, signupLimits.sourceMax).join("").trim();
  if (!trimmed || hasControlCharacters(trimmed)) return null;
  return trimmed;
}

/** The origin of a Referer from another site (never its path or query, which may be personal). */
export function externalRefererOrigin(referer: string | null, pageUrl: URL): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (url.host === pageUrl.host) return null;
    return boundSource(url.origin);
  } catch {
    return null;
  }
}

/** utm_source of the URL, else the origin of an external Referer. */
export function signupSourceOf(request: Request): string | null {
  const url = new URL(request.url);
  return (
    boundSource(url.searchParams.get("utm_source")) ??
    externalRefererOrigin(request.headers.get("referer"), url)
  );
}
