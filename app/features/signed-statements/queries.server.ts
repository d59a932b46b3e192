import crypto from "node:crypto";
import { and, desc, eq, or, sql } from "drizzle-orm";
import {
  performanceStatements,
  signedStatementInboxes,
  signedStatementMessageParts,
  signedStatementMessages,
} from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import type { AccountKind, ServerClock } from "../performance/model.ts";
import type { SignedMessageOutcome, SignedMessageRefusal } from "./model.ts";
import { streamedBody } from "../../platform/http/stream-body.server.ts";

// The inboxes of robots' accounts and the messages they received (docs/decisions/377).

export interface Inbox {
  robotId: string;
  mailbox: string;
  accountNumber: string;
  brokerDomains: string[];
  accountKind: AccountKind;
  broker: string;
  serverClock: ServerClock;
  currency: string;
  updatedBy: string;
  updatedAt: Date;
}

export type InboxSettings = Omit<Inbox, "robotId" | "mailbox" | "updatedBy" | "updatedAt">;

export async function getInbox(robotId: string): Promise<Inbox | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(signedStatementInboxes)
    .where(eq(signedStatementInboxes.robotId, robotId));
  return row;
}

/** The inbox whose address has this local part (any case), or undefined. */
export async function findInboxByMailbox(mailbox: string): Promise<Inbox | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(signedStatementInboxes)
    .where(eq(signedStatementInboxes.mailbox, mailbox.toLowerCase()));
  return row;
}

/**
 * Saves what staff declare of the robot's account; the first save gives it its address
 * (the robot's slug and 12 random hex digits, so nobody guesses it), kept after that.
 */
export async function saveInbox(
  robot: { id: string; slug: string },
  settings: InboxSettings,
  staff: string,
): Promise<Inbox> {
  const db = await getDb();
  const mailbox = `${robot.slug}-${crypto.randomBytes(6).toString("hex")}`;
  const values = { ...settings, updatedBy: staff, updatedAt: appNow() };
  const [row] = await db
    .insert(signedStatementInboxes)
    .values({ robotId: robot.id, mailbox, ...values })
    .onConflictDoUpdate({ target: signedStatementInboxes.robotId, set: values })
    .returning();
  if (!row) throw new Error("inbox not saved");
  return row;
}

export interface NewMessage {
  robotId: string;
  receivedAt: Date;
  mailFrom: string;
  size: number;
  /** The raw message; null when it was too large to keep. */
  raw: Buffer | null;
  sha256: string | null;
  outcome: SignedMessageOutcome;
  reason: SignedMessageRefusal | null;
  signingDomain: string | null;
  detail: string | null;
  statementId: string | null;
}

const PART_BYTES = 256 * 1024;

/** Keeps a received message: its raw bytes part by part (docs/decisions/216), then its row. */
export async function recordMessage({ raw, ...message }: NewMessage): Promise<string> {
  const db = await getDb();
  const id = crypto.randomUUID();
  if (raw) {
    for (let part = 0; part * PART_BYTES < raw.byteLength; part++) {
      const at = part * PART_BYTES;
      await db
        .insert(signedStatementMessageParts)
        .values({ messageId: id, part, bytes: raw.subarray(at, at + PART_BYTES) });
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  await db.insert(signedStatementMessages).values({ id, ...message });
  return id;
}

/**
 * Whether this message (by its SHA-256) was accepted before, or its statement (by the file's
 * SHA-256) is already one of the robot's: a message sent again is a replay.
 */
export async function alreadyReceived(
  robotId: string,
  messageSha256: string,
  statementSha256: string,
): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(performanceStatements)
    .where(
      and(
        eq(performanceStatements.robotId, robotId),
        or(
          eq(performanceStatements.sha256, statementSha256),
          sql`exists (select 1 from ${signedStatementMessages} m where m.robot_id = ${robotId}
            and m.sha256 = ${messageSha256} and m.outcome = 'accepted')`,
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The robot's received messages, newest first (the latest 100). */
export async function listMessages(robotId: string) {
  const db = await getDb();
  return db
    .select({
      id: signedStatementMessages.id,
      receivedAt: signedStatementMessages.receivedAt,
      mailFrom: signedStatementMessages.mailFrom,
      size: signedStatementMessages.size,
      sha256: signedStatementMessages.sha256,
      outcome: signedStatementMessages.outcome,
      reason: signedStatementMessages.reason,
      signingDomain: signedStatementMessages.signingDomain,
      detail: signedStatementMessages.detail,
      statementId: signedStatementMessages.statementId,
    })
    .from(signedStatementMessages)
    .where(eq(signedStatementMessages.robotId, robotId))
    .orderBy(desc(signedStatementMessages.receivedAt), desc(signedStatementMessages.id))
    .limit(100);
}

/** A kept raw message: its SHA-256 and size, and its bytes part by part. */
export interface RawMessage {
  id: string;
  sha256: string;
  size: number;
  parts(): AsyncGenerator<Uint8Array>;
}

const rawMessageColumns = {
  id: signedStatementMessages.id,
  sha256: signedStatementMessages.sha256,
  size: signedStatementMessages.size,
};

function rawMessage(row: { id: string; sha256: string | null; size: number } | undefined) {
  if (!row?.sha256) return undefined;
  return { ...row, sha256: row.sha256, parts: () => messageParts(row.id) };
}

/** Any kept message of the robot, refused ones too (for staff). */
export async function getRawMessage(
  robotId: string,
  messageId: string,
): Promise<RawMessage | undefined> {
  const db = await getDb();
  const [row] = await db
    .select(rawMessageColumns)
    .from(signedStatementMessages)
    .where(
      and(eq(signedStatementMessages.id, messageId), eq(signedStatementMessages.robotId, robotId)),
    );
  return rawMessage(row);
}

/**
 * The signed message a statement arrived in, once the statement has been published (the
 * same rule as its file, docs/decisions/431): anyone may then re-verify its DKIM signature.
 */
export async function getPublishedStatementMessage(
  statementId: string,
): Promise<RawMessage | undefined> {
  const db = await getDb();
  const [row] = await db
    .select(rawMessageColumns)
    .from(signedStatementMessages)
    .where(
      and(
        eq(signedStatementMessages.statementId, statementId),
        eq(signedStatementMessages.outcome, "accepted"),
        sql`exists (select 1 from performance_publications p
          where p.statement_id = ${statementId})`,
      ),
    )
    .limit(1);
  return rawMessage(row);
}

async function* messageParts(messageId: string): AsyncGenerator<Uint8Array> {
  const db = await getDb();
  for (let part = 0; ; part++) {
    const [found] = await db
      .select({ bytes: signedStatementMessageParts.bytes })
      .from(signedStatementMessageParts)
      .where(
        and(
          eq(signedStatementMessageParts.messageId, messageId),
          eq(signedStatementMessageParts.part, part),
        ),
      );
    if (!found) return;
    yield found.bytes;
  }
}

/** A kept message as the download a mail program opens (.eml), streamed part by part. */
export function rawMessageResponse(message: RawMessage, cacheControl: string): Response {
  return new Response(streamedBody(message.parts()), {
    headers: {
      "Content-Type": "message/rfc822",
      "Content-Disposition": `attachment; filename="mensagem-${message.id}.eml"`,
      "Content-Length": String(message.size),
      "Cache-Control": cacheControl,
      "X-Checksum-SHA256": message.sha256,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
