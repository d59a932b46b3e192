// Where a sign-up came from (the waitlist's source, utm_medium, utm_campaign and referrer
// columns): the campaign of the page or of the landing page before it, and the origin of a
// Referer from another site (docs/decisions/022-signup-source.md and 144).
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

/** Where a sign-up came from: the waitlist's source, utm_medium, utm_campaign, referrer. */
export interface SignupAttribution {
  source: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrer: string | null;
}

/** The form's hidden inputs carrying each part (decision 144). */
export const attributionFields = {
  source: "source",
  utmMedium: "utm_medium",
  utmCampaign: "utm_campaign",
  referrer: "referrer",
} as const satisfies Record<keyof SignupAttribution, string>;

const campaignParams = ["utm_source", "utm_medium", "utm_campaign"] as const;
const hasCampaign = (url: URL) => campaignParams.some((name) => url.searchParams.has(name));

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
 * The sign-up page's attribution, without a cookie: the campaign (utm_*) of its own URL, else
 * of the page of this site the visitor came from (the landing page one click before, read
 * from the Referer); the origin of a Referer from another site. utm_source, else that
 * origin, is the source.
 */
export function signupAttributionOf(request: Request): SignupAttribution {
  const url = new URL(request.url);
  const referer = request.headers.get("referer");
  const landing = ownReferer(referer, url);
  const campaign = hasCampaign(url) || !landing || !hasCampaign(landing) ? url : landing;
  const param = (name: (typeof campaignParams)[number]) =>
    boundSource(campaign.searchParams.get(name));
  const referrer = externalRefererOrigin(referer, url);
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
