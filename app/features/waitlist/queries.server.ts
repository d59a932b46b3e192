import { sql } from "drizzle-orm";
import { consentTextVersions } from "../../content/consent.ts";
import { getDb, preparedStatement } from "../../platform/db/db.server.ts";
import {
  insertMessagesSql,
  messageSelectSql,
  recentMessagesSql,
  wakeWorkers,
} from "../../platform/jobs/enqueue.server.ts";
import { alreadyListedMessage, confirmSignupMessage } from "../confirmation/messages.tsx";
import { emailHashSql } from "../privacy/erasure.server.ts";

// Messages a repeated sign-up sends one address a day, of each kind (decision 083).
const REPEAT_MESSAGES_PER_DAY = 3;

export interface WaitlistSignup {
  name: string;
  /** Trimmed and lower-cased (the schema does it; the table checks it). */
  email: string;
  interestedAgents: string[];
  message: string | null;
  marketingConsent: boolean;
  source: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrer: string | null;
}

/**
 * Stores a sign-up and queues its e-mail in one statement, hence one transaction (the
 * outbox, docs/decisions/080). A new address gets its row, the "Confirme sua inscrição"
 * message (its 7-day link is minted when it is sent, decision 113) and its consent ledger
 * lines (docs/decisions/087); a deleted address's kept hash goes (docs/decisions/088). An
 * address already listed changes nothing stored: if it was confirmed it gets the "Meus dados"
 * message (docs/decisions/083), if not a fresh confirmation link greeting the name stored
 * (decision 202), each at most 3 a day. The messages' rows come from the registry's SQL
 * fragments, so the statement's text is the same on every call (a prepared statement, 109),
 * built once per process (decision 284).
 */
export async function insertWaitlistEntry(signup: WaitlistSignup): Promise<void> {
  const db = await getDb();
  await insertSignup(db, signup);
  wakeWorkers(db);
}

const insertSignup = preparedStatement<keyof WaitlistSignup>(
  "waitlist-signup",
  (signup) => sql`
    with entry as (
      insert into waitlist
        (name, email, interested_agents, message, marketing_consent, source, utm_medium,
          utm_campaign, referrer, terms_accepted_at)
      values (${signup.name}, ${signup.email}, ${signup.interestedAgents}::text[],
        ${signup.message}, ${signup.marketingConsent}, ${signup.source}, ${signup.utmMedium},
        ${signup.utmCampaign}, ${signup.referrer}, now())
      on conflict (email) do nothing
      returning id, name, email
    ), consent as (
      insert into consent_events (waitlist_id, kind, channel, text_version)
      select id, 'terms-accepted', 'signup-form', ${consentTextVersions.terms} from entry
      union all
      select id, 'marketing-given', 'signup-form', ${consentTextVersions.marketing} from entry
      where ${signup.marketingConsent}
    ), unerased as (
      delete from erased_emails where email_hash = ${emailHashSql(signup.email)}
        and exists (select 1 from entry)
    ), listed as (
      select id, name, email, confirmed_at from waitlist
      where email = ${signup.email} and not exists (select 1 from entry)
    )
    ${insertMessagesSql(sql`
      ${messageSelectSql(confirmSignupMessage, {
        to: sql`email`,
        payload: { entryId: sql`id`, name: sql`name` },
      })} from entry
      union all
      ${messageSelectSql(confirmSignupMessage, {
        to: sql`email`,
        payload: { entryId: sql`id`, name: sql`name` },
      })} from listed
      where confirmed_at is null
        and ${recentMessagesSql(confirmSignupMessage, signup.email, "1 day")} < ${REPEAT_MESSAGES_PER_DAY}
      union all
      ${messageSelectSql(alreadyListedMessage, { to: signup.email, payload: {} })}
      where exists (select 1 from listed where confirmed_at is not null)
        and ${recentMessagesSql(alreadyListedMessage, signup.email, "1 day")} < ${REPEAT_MESSAGES_PER_DAY}`)}`,
);
