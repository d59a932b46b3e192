// Meus dados (LGPD art. 18): a person asks for a link by e-mail (the answer never tells
// whether the address is listed), and the link, valid 1 hour, shows and exports their entry.
import { and, eq, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { emailTokens, waitlist } from "../../../db/schema.ts";
import { myDataCopy as copy } from "../../content/email.ts";
import { getDb } from "../../lib/db.server.ts";
import { getLogger } from "../../lib/logger.server.ts";
import { hitRateLimit } from "../../lib/rate-limit.server.ts";
import { readForm } from "../../lib/read-form.server.ts";
import { signupSchema } from "../waitlist/schema.ts";
import { rateLimitSubject } from "../../lib/rate-limit.server.ts";
import { hashToken, isWellFormedToken, newToken } from "./tokens.server.ts";

const BODY_MAX_BYTES = 4 * 1024;

export interface MyDataRequestResult {
  status: 200 | 400 | 413 | 415 | 429 | 503;
  message: string;
}

/** Handles the /meus-dados form: honeypot, per-client limit, then the same answer for all. */
export async function requestMyDataLink(
  request: Request,
  { clientIp, rateLimitPerMinute }: { clientIp: string; rateLimitPerMinute: number },
): Promise<MyDataRequestResult> {
  const read = await readForm(request, BODY_MAX_BYTES);
  if (!read.ok) return { status: read.status, message: read.message };
  const sent = { status: 200, message: copy.sent } as const;
  try {
    if (rateLimitPerMinute > 0) {
      const key = `my-data:${rateLimitSubject(clientIp)}`;
      const limit = await hitRateLimit(key, rateLimitPerMinute, 60_000);
      if (!limit.allowed) return { status: 429, message: copy.rateLimited };
    }
    if (read.form.getAll("website").some((value) => value !== "")) return sent;
    const email = z.safeParse(signupSchema.shape.email, read.form.get("email") ?? undefined);
    if (!email.success) return { status: 400, message: copy.invalidEmail };
    const { token, hash } = newToken();
    const db = await getDb();
    await db.execute(sql`
      with entry as (select id from waitlist where email = ${email.data}),
      token as (
        insert into email_tokens (token_hash, purpose, waitlist_id, expires_at)
        select ${hash}, 'my-data', id, now() + interval '1 hour' from entry
      )
      insert into email_outbox (template, recipient, payload)
      select 'my-data-link', ${email.data}, jsonb_build_object('token', ${token}::text)
      from entry`);
    return sent;
  } catch (error) {
    getLogger().error({ err: error }, "Meus dados link could not be queued");
    return { status: 503, message: copy.unavailable };
  }
}

export type MyData =
  { state: "not-found" | "gone" } | { state: "valid"; entry: typeof waitlist.$inferSelect };

/** The entry behind a live Meus dados link; 404 unknown or malformed, 410 expired. */
export async function myDataFor(token: string): Promise<MyData> {
  if (!isWellFormedToken(token)) return { state: "not-found" };
  const db = await getDb();
  const [row] = await db
    .select({
      live: sql<boolean>`${emailTokens.usedAt} is null and ${emailTokens.expiresAt} > now()`,
      entry: waitlist,
    })
    .from(emailTokens)
    .innerJoin(waitlist, eq(waitlist.id, emailTokens.waitlistId))
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, "my-data")));
  if (!row) return { state: "not-found" };
  return row.live ? { state: "valid", entry: row.entry } : { state: "gone" };
}
