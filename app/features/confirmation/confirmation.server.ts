// Double opt-in: the link's GET only shows a button; the button's POST spends the token
// (once, within 7 days), stores the confirmation time and its line in the consent ledger.
import { sql } from "drizzle-orm";
import { consentTextVersions } from "../../content/consent.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { rowsOf } from "../../platform/db/rows.ts";
import {
  insertMessagesSql,
  messageSelectSql,
  recentMessagesSql,
  wakeWorkers,
} from "../../platform/jobs/enqueue.server.ts";
import {
  hashToken,
  isWellFormedToken,
  linkTokenState,
  type TokenState,
} from "../email/tokens.server.ts";
import { confirmSignupMessage } from "./messages.tsx";

export const confirmationTokenState = (token: string) => linkTokenState(token, "confirm-signup");

/** Spends the token and confirms its sign-up; answers why not when it cannot. */
export async function confirmSignup(
  token: string,
): Promise<"confirmed" | Exclude<TokenState, "valid">> {
  if (!isWellFormedToken(token)) return "not-found";
  const db = await getDb();
  const confirmed = await db.execute(sql`
    with spent as (
      update email_tokens set used_at = now()
      where token_hash = ${hashToken(token)} and purpose = 'confirm-signup'
        and used_at is null and expires_at > now()
      returning waitlist_id
    ), entry as (
      update waitlist set confirmed_at = coalesce(confirmed_at, now())
      where id in (select waitlist_id from spent)
      returning id
    )
    insert into consent_events (waitlist_id, kind, channel, text_version)
    select id, 'email-confirmed', 'confirmation-link', ${consentTextVersions.confirmation}
    from entry
    returning waitlist_id`);
  if (rowsOf(confirmed).length > 0) return "confirmed";
  const state = await confirmationTokenState(token);
  return state === "valid" ? "gone" : state;
}

/**
 * "Confirmar meu e-mail" in Meus dados: the session was opened by a single-use link sent to
 * the address, which proves it as the confirmation link does (decision 204). Writes the
 * confirmation and its ledger line once; false when the entry was already confirmed.
 */
export async function confirmFromMyData(entryId: string): Promise<boolean> {
  const db = await getDb();
  const confirmed = await db.execute(sql`
    with entry as (
      update waitlist set confirmed_at = now()
      where id = ${entryId} and confirmed_at is null
      returning id
    )
    insert into consent_events (waitlist_id, kind, channel, text_version)
    select id, 'email-confirmed', 'meus-dados', ${consentTextVersions.confirmation} from entry
    returning waitlist_id`);
  return rowsOf(confirmed).length > 0;
}

const CONFIRMATIONS_PER_DAY = 3;

export type ResendResult = "queued" | "confirmed" | "throttled" | "not-found";

/**
 * "Reenviar confirmação": a new confirmation message (its 7-day link minted when it is sent)
 * for an entry not yet confirmed, at most 3 confirmation messages per address per day (the
 * first one included), docs/decisions/105.
 */
export async function resendConfirmation(entryId: string): Promise<ResendResult> {
  const db = await getDb();
  const result = await db.execute(sql`
    with entry as (
      select id, name, email, confirmed_at,
        ${recentMessagesSql(confirmSignupMessage, sql`waitlist.email`, "1 day")} as recent
      from waitlist where id = ${entryId}
    ), allowed as (
      select * from entry where confirmed_at is null and recent < ${CONFIRMATIONS_PER_DAY}
    ), message as (
      ${insertMessagesSql(
        sql`${messageSelectSql(confirmSignupMessage, {
          to: sql`email`,
          payload: { entryId: sql`id`, name: sql`name` },
        })} from allowed`,
      )}
    )
    select confirmed_at is not null as confirmed, recent >= ${CONFIRMATIONS_PER_DAY} as throttled
    from entry`);
  const [row] = rowsOf<{ confirmed: boolean; throttled: boolean }>(result);
  if (!row) return "not-found";
  if (row.confirmed) return "confirmed";
  if (row.throttled) return "throttled";
  wakeWorkers(db);
  return "queued";
}

/** The entry of a confirmation link that expired before it was used, if it is unconfirmed. */
export async function expiredConfirmationEntry(token: string): Promise<string | null> {
  if (!isWellFormedToken(token)) return null;
  const db = await getDb();
  const result = await db.execute(sql`
    select waitlist.id from email_tokens join waitlist on waitlist.id = email_tokens.waitlist_id
    where token_hash = ${hashToken(token)} and purpose = 'confirm-signup'
      and used_at is null and expires_at <= now() and waitlist.confirmed_at is null`);
  return rowsOf<{ id: string }>(result)[0]?.id ?? null;
}
