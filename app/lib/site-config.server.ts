import { getEnv } from "./env.server.ts";

/** Placeholders of SPEC.md ({email}, social profiles, partner broker), overridable by env. */
export function getSiteConfig() {
  const env = getEnv();
  return {
    siteUrl: env.SITE_URL.replace(/\/$/, ""),
    contactEmail: env.CONTACT_EMAIL,
    privacyEmail: env.PRIVACY_EMAIL,
    instagramUrl: env.INSTAGRAM_URL,
    youtubeUrl: env.YOUTUBE_URL,
    partnerBrokerName: env.PARTNER_BROKER_NAME,
  };
}

export type SiteConfig = ReturnType<typeof getSiteConfig>;
