// The state of an e-mailed link (docs/decisions/081); tokens themselves are the platform's
// (app/platform/mail/link-tokens.server.ts): minted when a message is sent, hash only.
import { and, eq, sql } from "drizzle-orm";
import { emailTokens } from "../../../db/schema.ts";
import type { EmailTokenPurpose } from "../privacy/model.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { hashToken, isWellFormedToken } from "../../platform/mail/link-tokens.server.ts";

export { hashToken, isWellFormedToken, newToken } from "../../platform/mail/link-tokens.server.ts";

/** "not-found": unknown or malformed (404); "gone": expired or already used (410). */
export type TokenState = "valid" | "not-found" | "gone";

export const tokenStatus = { valid: 200, "not-found": 404, gone: 410 } as const;

/** Whether a link's token may still be spent, without spending it (a GET never does). */
export async function linkTokenState(
  token: string,
  purpose: EmailTokenPurpose,
): Promise<TokenState> {
  if (!isWellFormedToken(token)) return "not-found";
  const db = await getDb();
  const [row] = await db
    .select({
      live: sql<boolean>`${emailTokens.usedAt} is null and ${emailTokens.expiresAt} > now()`,
    })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose)));
  if (!row) return "not-found";
  return row.live ? "valid" : "gone";
}
