// Where a sign-up came from (the waitlist's source, utm_medium, utm_campaign and referrer
// columns): the campaign of the page or of the landing page before it, and the origin of a
// Referer from another site (docs/decisions/022-signup-source.md and 144).
import { hasControlCharacters } from "../../lib/text.ts";
import { attributionFields, signupLimits, type SignupAttribution } from "./fields.ts";

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

const campaignParams = ["utm_source", "utm_medium", "utm_campaign"] as const;
/** The external referrer's origin, once carried in the address (decision 228). */
const REFERRER_PARAM = "ref";

/**
 * The query parameters that carry a visit's attribution from page to page (decision 228). No
 * page reads them to render, so the page cache must leave them out of its key.
 */
export const ATTRIBUTION_PARAMS: readonly string[] = [...campaignParams, REFERRER_PARAM];

const hasCampaign = (url: URL) => ATTRIBUTION_PARAMS.some((name) => url.searchParams.has(name));

/** A Referer from this site (Referrer-Policy same-origin sends its whole URL), if any. */
function ownReferer(referer: string | null, pageUrl: URL): URL | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.host === pageUrl.host ? url : null;
  } catch {
    return null;
  }
}

/**
 * Where a page view must go so the visit's attribution survives the next click, without a
 * cookie and without it in any page's HTML (decision 228): a page reached from another site
 * gets that site's origin in `ref`; a page reached from one of ours that carried attribution
 * gets the same parameters. Null when nothing is to carry or the page carries it already.
 * `url` is the page asked for, `referer` the request's Referer header.
 */
export function attributionRedirect(url: URL, referer: string | null): string | null {
  if (!referer || url.searchParams.has(REFERRER_PARAM)) return null;
  const external = externalRefererOrigin(referer, url);
  const carried = new URLSearchParams(url.search);
  if (external) {
    carried.set(REFERRER_PARAM, external);
  } else {
    const landing = ownReferer(referer, url);
    if (!landing || !hasCampaign(landing) || hasCampaign(url)) return null;
    for (const name of ATTRIBUTION_PARAMS) {
      const value = boundSource(landing.searchParams.get(name));
      if (value !== null) carried.set(name, value);
    }
  }
  return `${url.pathname}?${carried.toString()}`;
}

/** The origin carried in `ref`, when it is one (a web origin, bounded). */
function carriedReferrer(url: URL): string | null {
  const value = url.searchParams.get(REFERRER_PARAM);
  if (!value) return null;
  try {
    const origin = new URL(value);
    if (origin.protocol !== "http:" && origin.protocol !== "https:") return null;
    return boundSource(origin.origin);
  } catch {
    return null;
  }
}

/**
 * The sign-up page's attribution, without a cookie: the campaign (utm_*) and carried referrer
 * (`ref`) of its own URL, else of the page of this site the visitor came from (read from the
 * Referer); the origin of a Referer from another site. utm_source, else the referrer, is the
 * source. Pages before it pass the parameters on (attributionRedirect).
 */
export function signupAttributionOf(request: Request): SignupAttribution {
  const url = new URL(request.url);
  const referer = request.headers.get("referer");
  const landing = ownReferer(referer, url);
  const campaign = hasCampaign(url) || !landing || !hasCampaign(landing) ? url : landing;
  const param = (name: (typeof campaignParams)[number]) =>
    boundSource(campaign.searchParams.get(name));
  const referrer = externalRefererOrigin(referer, url) ?? carriedReferrer(campaign);
  return {
    source: param("utm_source") ?? referrer,
    utmMedium: param("utm_medium"),
    utmCampaign: param("utm_campaign"),
    referrer,
  };
}

/** The attribution the form carried in its hidden inputs, each part bounded, else none. */
export function postedAttribution(form: {
  getAll(name: string): FormDataEntryValue[];
}): SignupAttribution {
  const posted = (field: keyof SignupAttribution) =>
    boundSource(form.getAll(attributionFields[field])[0]);
  return {
    source: posted("source"),
    utmMedium: posted("utmMedium"),
    utmCampaign: posted("utmCampaign"),
    referrer: posted("referrer"),
  };
}
