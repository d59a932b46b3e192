// The links of e-mails to a waitlist entry or a newsletter subscriber, as the registry's
// LinkToken (docs/decisions/113): a fresh token per send, only its hash in email_tokens, tied
// to the outbox message that carried it so a resend can revoke it.
import { sql } from "drizzle-orm";
import { href } from "react-router";
import type { EmailTokenPurpose } from "./model.ts";
import type { LinkToken } from "../../platform/jobs/registry.ts";

/** How long a link works: an interval, or forever (unsubscribe links, decision 089). */
export type LinkLifetime = "7 days" | "1 hour" | "forever";

const expiry = (lifetime: LinkLifetime) =>
  lifetime === "forever" ? sql`'infinity'::timestamptz` : sql`now() + ${lifetime}::interval`;

/** A link owned by the waitlist entry whose id is the payload's `entryId`. */
export function entryLink(
  purpose: EmailTokenPurpose,
  lifetime: LinkLifetime,
): LinkToken<"entryId"> {
  return {
    store: ({ hash, outboxId, payload }) => sql`
      insert into email_tokens (token_hash, purpose, waitlist_id, outbox_id, expires_at)
      select ${hash}, ${purpose}, id, ${outboxId}, ${expiry(lifetime)}
      from waitlist where id = ${payload.entryId}::uuid
      returning token_hash`,
    forget: (hash) => sql`delete from email_tokens where token_hash = ${hash}`,
    revoke: (outboxId) => sql`delete from email_tokens where outbox_id = ${outboxId}`,
  };
}

/** A link owned by the newsletter subscriber whose id is the payload's `subscriberId`. */
export function subscriberLink(
  purpose: EmailTokenPurpose,
  lifetime: LinkLifetime,
): LinkToken<"subscriberId"> {
  return {
    store: ({ hash, outboxId, payload }) => sql`
      insert into email_tokens (token_hash, purpose, subscriber_id, outbox_id, expires_at)
      select ${hash}, ${purpose}, id, ${outboxId}, ${expiry(lifetime)}
      from newsletter_subscribers where id = ${payload.subscriberId}::uuid
      returning token_hash`,
    forget: (hash) => sql`delete from email_tokens where token_hash = ${hash}`,
    revoke: (outboxId) => sql`delete from email_tokens where outbox_id = ${outboxId}`,
  };
}

export const unsubscribePath = (token: string) => href("/descadastrar/:token", { token });
