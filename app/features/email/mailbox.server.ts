// /admin/emails: the queue's counts, failed messages with "reenviar", and the local mailbox
// (messages kept in the database when there is no SMTP_URL, their links' tokens removed).
// Listing a failed message marks it seen: from then on retention counts its days
// (docs/decisions/116). Staff opening a mailbox message get its links usable again
// (docs/decisions/400).
import { and, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import {
  emailMailbox,
  emailMailboxOpenings,
  emailOutbox,
  type EmailStatus,
} from "../../../db/schema.ts";
import { getDb, withTransaction } from "../../platform/db/db.server.ts";
import { rowsOf } from "../../platform/db/rows.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { resendFailedMessage } from "../../platform/jobs/resend.server.ts";
import { newToken, REDACTED_TOKEN_PATTERN } from "../../platform/mail/link-tokens.server.ts";
import { registry } from "../../registry.server.ts";
import type { MailboxQuery } from "./mailbox-query.ts";

const LIST_LIMIT = 50;

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The queue's counts, the failed messages and one page of 50 of the local mailbox, newest
 * first, both narrowed by `q` (recipient or subject, any case); `apos` reads the mailbox after
 * a message (keyset on created_at and id, docs/decisions/146).
 */
export async function loadMailbox(query: MailboxQuery = {}) {
  const db = await getDb();
  const mailboxWhere: SQL[] = [];
  const failedWhere: SQL[] = [eq(emailOutbox.status, "failed")];
  if (query.q) {
    const pattern = containing(query.q);
    mailboxWhere.push(
      or(ilike(emailMailbox.recipient, pattern), ilike(emailMailbox.subject, pattern))!,
    );
    failedWhere.push(ilike(emailOutbox.recipient, pattern));
  }
  if (query.apos) {
    mailboxWhere.push(
      sql`(${emailMailbox.createdAt}, ${emailMailbox.id}) < (${query.apos.createdAt}::timestamptz, ${query.apos.id}::uuid)`,
    );
  }
  const [counts, failed, found] = await Promise.all([
    db
      .select({ status: emailOutbox.status, count: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .groupBy(emailOutbox.status),
    db
      .select({
        id: emailOutbox.id,
        recipient: emailOutbox.recipient,
        template: emailOutbox.template,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
        createdAt: emailOutbox.createdAt,
      })
      .from(emailOutbox)
      .where(and(...failedWhere))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(LIST_LIMIT),
    db
      .select({
        id: emailMailbox.id,
        messageId: emailMailbox.messageId,
        recipient: emailMailbox.recipient,
        subject: emailMailbox.subject,
        html: emailMailbox.html,
        text: emailMailbox.text,
        createdAt: emailMailbox.createdAt,
        cursorAt: sql<string>`to_char(${emailMailbox.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      })
      .from(emailMailbox)
      .where(and(...mailboxWhere))
      .orderBy(desc(emailMailbox.createdAt), desc(emailMailbox.id))
      .limit(LIST_LIMIT + 1),
  ]);
  if (failed.length > 0) {
    await db
      .update(emailOutbox)
      .set({ seenAt: sql`now()` })
      .where(
        and(
          inArray(
            emailOutbox.id,
            failed.map((message) => message.id),
          ),
          isNull(emailOutbox.seenAt),
        ),
      );
  }
  const countOf = (status: EmailStatus) => counts.find((row) => row.status === status)?.count ?? 0;
  const mailbox = found.slice(0, LIST_LIMIT).map(({ cursorAt: _, ...message }) => message);
  const last = found[LIST_LIMIT - 1];
  return {
    counts: { queued: countOf("queued"), sent: countOf("sent"), failed: countOf("failed") },
    failed,
    mailbox,
    next: found.length > LIST_LIMIT && last ? { createdAt: last.cursorAt, id: last.id } : null,
    /** Whether staff may open a message with usable links (no SMTP_URL, decision 400). */
    open: !getEnv().SMTP_URL,
  };
}

/**
 * Queues a failed message again, from its first try: rendered again from its payload with
 * fresh links, the old ones revoked. False when there is no such failed message.
 */
export async function resendFailedEmail(outboxId: string): Promise<boolean> {
  return resendFailedMessage(await getDb(), registry, outboxId);
}

/** One function per token table (the links' `reissue`), whatever message carried the link. */
const tokenTables = [
  ...new Set(
    registry.messages.flatMap((message) =>
      Object.values(message.links).map((link) => link.reissue),
    ),
  ),
];

/**
 * A local-mailbox message with its links usable, for the signed-in admin who opens it
 * (docs/decisions/400): each link's stored token is given a fresh token's hash (so the
 * links of an earlier opening stop working), the opening is recorded with who opened it,
 * and the fresh tokens exist only in this answer. Undefined when there is no such message,
 * or while SMTP_URL is set: then mail leaves by SMTP and the mailbox is only history.
 */
export async function openMailboxMessage(id: string, openedBy: string) {
  if (getEnv().SMTP_URL) return undefined;
  return withTransaction(async (tx) => {
    const [message] = await tx
      .select({
        subject: emailMailbox.subject,
        recipient: emailMailbox.recipient,
        text: emailMailbox.text,
        linkHashes: emailMailbox.linkHashes,
      })
      .from(emailMailbox)
      .where(eq(emailMailbox.id, id))
      .for("update");
    if (!message) return undefined;
    // Each link's fresh token, or undefined when its token is gone (its owner erased, or
    // purged): that link stays a marker.
    const tokens: (string | undefined)[] = [];
    const linkHashes: string[] = [];
    for (const hash of message.linkHashes) {
      const fresh = newToken();
      let found = false;
      for (const reissue of tokenTables) {
        found = rowsOf(await tx.execute(reissue(hash, fresh.hash))).length > 0;
        if (found) break;
      }
      tokens.push(found ? fresh.token : undefined);
      linkHashes.push(found ? fresh.hash : hash);
    }
    await tx.update(emailMailbox).set({ linkHashes }).where(eq(emailMailbox.id, id));
    await tx.insert(emailMailboxOpenings).values({ mailboxId: id, openedBy });
    const text = message.text.replace(
      REDACTED_TOKEN_PATTERN,
      (marker, n: string) => tokens[Number(n) - 1] ?? marker,
    );
    const live = tokens.filter((token): token is string => token !== undefined);
    const links = [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])].filter((url) =>
      live.some((token) => url.includes(token)),
    );
    return { id, subject: message.subject, recipient: message.recipient, text, links };
  });
}
