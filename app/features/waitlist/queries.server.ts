import { sql } from "drizzle-orm";
import { consentTextVersions } from "../../content/consent.ts";
import { type Database, getDb, preparedStatement } from "../../platform/db/db.server.ts";
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
 *
 * Sign-ups that arrive while earlier ones are being stored go together in the next statement
 * (docs/decisions/317): one statement, one commit and one run of the tallies' trigger for all
 * of them, each answered once that commit is durable. A batch holds each address once; one
 * whose statement fails is stored again entry by entry, so one entry's error is only its own.
 */
export async function insertWaitlistEntry(signup: WaitlistSignup): Promise<void> {
  const db = await getDb();
  await new Promise<void>((resolve, reject) => {
    const queue = signupQueues.get(db) ?? { waiting: [], storing: false };
    signupQueues.set(db, queue);
    queue.waiting.push({ signup, resolve, reject });
    storeWaiting(db, queue);
  });
  wakeWorkers(db);
}

// Sign-ups per batch at most (docs/decisions/317). One batch is stored at a time, so the
// sign-ups that arrive during a commit share the next (decision 318).
const BATCH_MAX = 64;

interface WaitingSignup {
  signup: WaitlistSignup;
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface SignupQueue {
  waiting: WaitingSignup[];
  /** A batch is being stored. */
  storing: boolean;
}

const signupQueues = new WeakMap<Database, SignupQueue>();

/** Starts a batch of the waiting sign-ups unless one is being stored. */
function storeWaiting(db: Database, queue: SignupQueue) {
  if (queue.storing || queue.waiting.length === 0) return;
  // An address appears once in a batch: a statement sees no row of its own, so a repeat in
  // the same batch would get neither a row nor a message. It goes in the next batch, after
  // this one's commit, as it would alone.
  const batch: WaitingSignup[] = [];
  const emails = new Set<string>();
  const later: WaitingSignup[] = [];
  for (const waiting of queue.waiting) {
    const { email } = waiting.signup;
    if (batch.length < BATCH_MAX && !emails.has(email)) {
      batch.push(waiting);
      emails.add(email);
    } else later.push(waiting);
  }
  queue.waiting = later;
  queue.storing = true;
  void storeBatch(db, batch).finally(() => {
    queue.storing = false;
    storeWaiting(db, queue);
  });
}

async function storeBatch(db: Database, batch: readonly WaitingSignup[]): Promise<void> {
  try {
    await insertSignups(db, signupValues(batch.map((waiting) => waiting.signup)));
    for (const waiting of batch) waiting.resolve();
  } catch (error) {
    if (batch.length === 1) return batch[0]!.reject(error);
    // Nothing of the batch was stored: each is stored alone, and fails alone.
    await Promise.all(
      batch.map((waiting) =>
        insertSignups(db, signupValues([waiting.signup])).then(waiting.resolve, waiting.reject),
      ),
    );
  }
}

/** The statement's values: the batch as one JSON array, in arrival order. */
function signupValues(signups: readonly WaitlistSignup[]) {
  return {
    signups: JSON.stringify(
      signups.map((signup) => ({
        name: signup.name,
        email: signup.email,
        interested_agents: signup.interestedAgents,
        message: signup.message,
        marketing_consent: signup.marketingConsent,
        source: signup.source,
        utm_medium: signup.utmMedium,
        utm_campaign: signup.utmCampaign,
        referrer: signup.referrer,
      })),
    ),
  };
}

// One row per sign-up; `at` (its terms' acceptance and its row's creation) follows arrival.
// Rows are inserted in address order, so two batches never wait on each other's addresses in
// opposite orders.
const insertSignups = preparedStatement<"signups">(
  "waitlist-signups",
  (values) => sql`
    with input as materialized (
      select s.*, clock_timestamp() as at
      from jsonb_to_recordset(${values.signups}::jsonb) as s(name text, email text,
        interested_agents text[], message text, marketing_consent boolean, source text,
        utm_medium text, utm_campaign text, referrer text)
    ), entry as (
      insert into waitlist
        (name, email, interested_agents, message, marketing_consent, source, utm_medium,
          utm_campaign, referrer, terms_accepted_at, created_at)
      select name, email, interested_agents, message, marketing_consent, source, utm_medium,
        utm_campaign, referrer, at, at
      from input order by email
      on conflict (email) do nothing
      returning id, name, email, marketing_consent
    ), consent as (
      insert into consent_events (waitlist_id, kind, channel, text_version)
      select id, 'terms-accepted', 'signup-form', ${consentTextVersions.terms} from entry
      union all
      select id, 'marketing-given', 'signup-form', ${consentTextVersions.marketing} from entry
      where marketing_consent
    ), unerased as (
      delete from erased_emails where email_hash in (select ${emailHashSql(sql`email`)} from entry)
    ), listed as (
      select waitlist.id, waitlist.name, waitlist.email, waitlist.confirmed_at
      from input join waitlist using (email)
      where not exists (select 1 from entry where entry.email = input.email)
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
        and ${recentMessagesSql(confirmSignupMessage, sql`listed.email`, "1 day")} < ${REPEAT_MESSAGES_PER_DAY}
      union all
      ${messageSelectSql(alreadyListedMessage, { to: sql`email`, payload: {} })} from listed
      where confirmed_at is not null
        and ${recentMessagesSql(alreadyListedMessage, sql`listed.email`, "1 day")} < ${REPEAT_MESSAGES_PER_DAY}`)}`,
);
