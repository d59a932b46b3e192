import { sql } from "drizzle-orm";
import { consentTextVersions } from "../../content/consent.ts";
import { executePrepared, getDb } from "../../platform/db/db.server.ts";
import { emailHashSql } from "../privacy/erasure.server.ts";
import { newToken } from "../email/tokens.server.ts";

const ALREADY_LISTED_PER_DAY = 3;

export interface WaitlistSignup {
  name: string;
  /** Trimmed and lower-cased (the schema does it; the table checks it). */
  email: string;
  interestedAgents: string[];
  message: string | null;
  marketingConsent: boolean;
  source: string | null;
}

/**
 * Stores a sign-up and queues its e-mail in one statement, hence one transaction (the
 * outbox, docs/decisions/080). A new address gets its row, a confirmation token (only the
 * hash is kept, valid 7 days), the "Confirme sua inscrição" message and its consent ledger
 * lines (docs/decisions/087); a deleted address's kept hash goes (docs/decisions/088). An
 * address already listed changes nothing stored and gets the "Meus dados" message instead, at
 * most 3 a day (docs/decisions/083).
 */
export async function insertWaitlistEntry(signup: WaitlistSignup): Promise<void> {
  const db = await getDb();
  const { token, hash } = newToken();
  await executePrepared(
    db,
    "waitlist-signup",
    sql`
    with entry as (
      insert into waitlist
        (name, email, interested_agents, message, marketing_consent, source, terms_accepted_at)
      values (${signup.name}, ${signup.email}, ${sql.param(signup.interestedAgents)}::text[],
        ${signup.message}, ${signup.marketingConsent}, ${signup.source}, now())
      on conflict (email) do nothing
      returning id
    ), consent as (
      insert into consent_events (waitlist_id, kind, channel, text_version)
      select id, 'terms-accepted', 'signup-form', ${consentTextVersions.terms} from entry
      union all
      select id, 'marketing-given', 'signup-form', ${consentTextVersions.marketing} from entry
      where ${signup.marketingConsent}
    ), unerased as (
      delete from erased_emails where email_hash = ${emailHashSql(signup.email)}
        and exists (select 1 from entry)
    ), token as (
      insert into email_tokens (token_hash, purpose, waitlist_id, expires_at)
      select ${hash}, 'confirm-signup', id, now() + interval '7 days' from entry
    )
    insert into email_outbox (template, recipient, payload)
    select 'confirm-signup', ${signup.email},
      jsonb_build_object('name', ${signup.name}::text, 'token', ${token}::text)
    from entry
    union all
    select 'already-listed', ${signup.email}, '{}'::jsonb
    where not exists (select 1 from entry)
      and (select count(*) from email_outbox
        where recipient = ${signup.email} and template = 'already-listed'
          and created_at > now() - interval '1 day') < ${ALREADY_LISTED_PER_DAY}`,
  );
}
