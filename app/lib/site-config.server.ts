import { getEnv } from "../platform/http/env.server.ts";

/**
 * Placeholders of docs/product.md rule 11 ({email}, social profiles, partner broker), overridable by env,
 * and the company's legal details, shown only when set.
 */
export function getSiteConfig() {
  const env = getEnv();
  return {
    siteUrl: env.SITE_URL.replace(/\/$/, ""),
    contactEmail: env.CONTACT_EMAIL,
    privacyEmail: env.PRIVACY_EMAIL,
    privacyOfficerName: env.PRIVACY_OFFICER_NAME,
    instagramUrl: env.INSTAGRAM_URL,
    youtubeUrl: env.YOUTUBE_URL,
    partnerBrokerName: env.PARTNER_BROKER_NAME,
    partnerBrokerUrl: env.PARTNER_BROKER_URL,
    whatsappUrl: env.WHATSAPP_NUMBER ? `https://wa.me/${env.WHATSAPP_NUMBER}` : undefined,
    analyst: { name: env.ANALYST_NAME, registration: env.ANALYST_CNPI },
    company: {
      legalName: env.COMPANY_LEGAL_NAME,
      cnpj: env.COMPANY_CNPJ,
      address: env.COMPANY_ADDRESS,
    },
  };
}

export type SiteConfig = ReturnType<typeof getSiteConfig>;
