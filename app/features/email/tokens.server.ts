// Link tokens: 256 random bits, base64url in the link; only their SHA-256 is stored
// (docs/decisions/081).
import { createHash, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { emailTokens } from "../../../db/schema.ts";
import type { EmailTokenPurpose } from "../privacy/model.ts";
import { getDb } from "../../platform/db/db.server.ts";

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A token of the shape newToken makes; anything else is answered 404 without a lookup. */
export function isWellFormedToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

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
