// The campaign sender of this process, from the settings, and the transport tests and the
// "send a test" button use.
import type { Database } from "../../platform/db/db.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { getSiteConfig } from "../../lib/site-config.server.ts";
import { startCampaignSender, type CampaignSender } from "./sender.server.ts";
import {
  mailboxCampaignTransport,
  smtpCampaignTransport,
  type CampaignTransport,
} from "./transport.server.ts";

export function campaignContext() {
  const { siteUrl, contactEmail } = getSiteConfig();
  return { siteUrl, contactEmail };
}

let transport: CampaignTransport | undefined;

export function getCampaignTransport(db: Database): CampaignTransport {
  const env = getEnv();
  const messageIdDomain = new URL(env.SITE_URL).hostname;
  transport ??= env.SMTP_URL
    ? smtpCampaignTransport(env.SMTP_URL, {
        from: env.MAIL_FROM,
        messageIdDomain,
        bounceDomain: env.MAIL_BOUNCE_DOMAIN,
        connections: env.CAMPAIGN_CONCURRENCY,
      })
    : mailboxCampaignTransport(db, { messageIdDomain });
  return transport;
}

let sender: CampaignSender | undefined;

export function startCampaignSenderFromEnv(db: Database): void {
  if (sender) return;
  const env = getEnv();
  sender = startCampaignSender({
    db,
    transport: getCampaignTransport(db),
    context: campaignContext(),
    ratePerSecond: env.CAMPAIGN_RATE_PER_SECOND,
    domainRatePerSecond: env.CAMPAIGN_DOMAIN_RATE_PER_SECOND,
    concurrency: env.CAMPAIGN_CONCURRENCY,
    retryBaseMs: env.EMAIL_RETRY_BASE_MS,
    leaseMs: env.EMAIL_LEASE_MS,
  });
}

export async function stopCampaignSender(): Promise<void> {
  const current = sender;
  sender = undefined;
  transport = undefined;
  await current?.stop();
}
