// Double opt-in: the link's GET only shows a button; the button's POST spends the token
// (once, within 7 days) and stores the confirmation time.
import { eq, sql } from "drizzle-orm";
import { emailTokens } from "../../../db/schema.ts";
import { getDb } from "../../lib/db.server.ts";
import { hashToken, isWellFormedToken } from "./tokens.server.ts";

/** "not-found": unknown or malformed (404); "gone": expired or already used (410). */
export type TokenState = "valid" | "not-found" | "gone";

export async function confirmationTokenState(token: string): Promise<TokenState> {
  if (!isWellFormedToken(token)) return "not-found";
  const db = await getDb();
  const [row] = await db
    .select({
      live: sql<boolean>`${emailTokens.usedAt} is null and ${emailTokens.expiresAt} > now()`,
    })
    .from(emailTokens)
    .where(eq(emailTokens.tokenHash, hashToken(token)));
  if (!row) return "not-found";
  return row.live ? "valid" : "gone";
}

/** Spends the token and confirms its sign-up; answers why not when it cannot. */
export async function confirmSignup(token: string): Promise<"confirmed" | "not-found" | "gone"> {
  if (!isWellFormedToken(token)) return "not-found";
  const db = await getDb();
  const confirmed = await db.execute(sql`
    with spent as (
      update email_tokens set used_at = now()
      where token_hash = ${hashToken(token)} and purpose = 'confirm-signup'
        and used_at is null and expires_at > now()
      returning waitlist_id
    )
    update waitlist set confirmed_at = coalesce(confirmed_at, now())
    where id in (select waitlist_id from spent)
    returning id`);
  if ((confirmed as unknown as { rows: unknown[] }).rows.length > 0) return "confirmed";
  const state = await confirmationTokenState(token);
  return state === "valid" ? "gone" : state;
}
