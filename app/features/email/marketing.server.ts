// A marketing message carries a one-click unsubscribe link (features/privacy/unsubscribe.server.ts,
// docs/decisions/089): its token is written with the message.
import { sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/db.server.ts";
import type { EmailJob } from "./templates.tsx";
import { newToken } from "./tokens.server.ts";

type MarketingJob = Extract<EmailJob, { payload: { unsubscribeToken: string } }>;

export type UnsubscribeOwner = { waitlistId: string } | { subscriberId: string };

/**
 * Queues a marketing message (a template marked `marketing`) with a fresh unsubscribe token
 * for its owner, in the caller's transaction.
 */
export async function queueMarketingEmail<T extends MarketingJob>(
  db: Executor,
  owner: UnsubscribeOwner,
  recipient: string,
  template: T["template"],
  payload: Omit<T["payload"], "unsubscribeToken">,
): Promise<void> {
  const { token, hash } = newToken();
  const waitlistId = "waitlistId" in owner ? owner.waitlistId : null;
  const subscriberId = "subscriberId" in owner ? owner.subscriberId : null;
  const withToken = { ...payload, unsubscribeToken: token };
  await db.execute(sql`
    with token as (
      insert into email_tokens (token_hash, purpose, waitlist_id, subscriber_id, expires_at)
      values (${hash}, 'unsubscribe', ${waitlistId}, ${subscriberId}, 'infinity')
    )
    insert into email_outbox (template, recipient, payload)
    values (${template}, ${recipient}, ${JSON.stringify(withToken)}::jsonb)`);
}
