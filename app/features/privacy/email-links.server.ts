// The links of e-mails to a waitlist entry or a newsletter subscriber, as the registry's
// LinkToken (docs/decisions/113): a fresh token per send, only its hash in email_tokens, tied
// to the outbox message that carried it so a resend can revoke it.
import { sql } from "drizzle-orm";
import { href } from "react-router";
import type { EmailTokenPurpose } from "./model.ts";
import { tokenValues, type LinkToken } from "../../platform/jobs/registry.ts";

/** How long a link works: an interval, or forever (unsubscribe links, decision 089). */
export type LinkLifetime = "7 days" | "1 hour" | "forever";

const expiry = (lifetime: LinkLifetime) =>
  lifetime === "forever" ? sql`'infinity'::timestamptz` : sql`now() + ${lifetime}::interval`;

/** An email_tokens row under a new hash (the local mailbox's opening, decision 400). */
export const reissueEmailToken = (hash: string, newHash: string) =>
  sql`update email_tokens set token_hash = ${newHash} where token_hash = ${hash} returning token_hash`;

/** A link owned by the waitlist entry whose id is the payload's `entryId`. */
export function entryLink(
  purpose: EmailTokenPurpose,
  lifetime: LinkLifetime,
): LinkToken<"entryId"> {
  return {
    store: (tokens) => sql`
      insert into email_tokens (token_hash, purpose, waitlist_id, outbox_id, expires_at)
      select t.hash, ${purpose}, w.id, t.outbox_id, ${expiry(lifetime)}
      from ${tokenValues(tokens, ({ outboxId, payload }) => [
        sql`${outboxId}::uuid`,
        sql`${payload.entryId}::uuid`,
      ])} as t (hash, outbox_id, entry_id)
        join waitlist w on w.id = t.entry_id
      returning token_hash`,
    forget: (hash) => sql`delete from email_tokens where token_hash = ${hash}`,
    reissue: reissueEmailToken,
    revoke: (outboxId) => sql`delete from email_tokens where outbox_id = ${outboxId}`,
  };
}

/** A link owned by the newsletter subscriber whose id is the payload's `subscriberId`. */
export function subscriberLink(
  purpose: EmailTokenPurpose,
  lifetime: LinkLifetime,
): LinkToken<"subscriberId"> {
  return {
    store: (tokens) => sql`
      insert into email_tokens (token_hash, purpose, subscriber_id, outbox_id, expires_at)
      select t.hash, ${purpose}, s.id, t.outbox_id, ${expiry(lifetime)}
      from ${tokenValues(tokens, ({ outboxId, payload }) => [
        sql`${outboxId}::uuid`,
        sql`${payload.subscriberId}::uuid`,
      ])} as t (hash, outbox_id, subscriber_id)
        join newsletter_subscribers s on s.id = t.subscriber_id
      returning token_hash`,
    forget: (hash) => sql`delete from email_tokens where token_hash = ${hash}`,
    reissue: reissueEmailToken,
    revoke: (outboxId) => sql`delete from email_tokens where outbox_id = ${outboxId}`,
  };
}

export const unsubscribePath = (token: string) => href("/descadastrar/:token", { token });
