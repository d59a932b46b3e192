import crypto from "node:crypto";
import { asc, desc, sql } from "drizzle-orm";
import { recordLogEntries, recordLogHeads, recordLogKeys } from "../../../db/schema.ts";
import { getDb, type Executor } from "../../platform/db/db.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import type { RecordLogKind } from "./model.ts";
import {
  entryHash,
  GENESIS_HASH,
  publicKeyPem,
  signHead,
  type LogEntry,
  type LogHead,
} from "./record-log-chain.server.ts";

// The public record log's rows (docs/decisions/370): each statement stored, each publication
// and each withdrawal appends one entry, in the transaction that does it, and a new signed
// head. Entries are numbered without gaps under a table lock, so two writers never fork it.

export interface NewLogEntry {
  kind: RecordLogKind;
  robot: string;
  account: string;
  fileSha256: string;
  statementId: string;
}

let keyFromDatabase: crypto.KeyObject | undefined;
// The configured key, read once (its public half is then derived once, publicKeyPem).
let keyFromEnv: { source: string; key: crypto.KeyObject } | undefined;

/** RECORD_LOG_SIGNING_KEY, or the key generated once and kept in record_log_keys. */
async function signingKey(tx: Executor): Promise<crypto.KeyObject> {
  const configured = getEnv().RECORD_LOG_SIGNING_KEY;
  if (configured) {
    if (keyFromEnv?.source !== configured) {
      const key = crypto.createPrivateKey({
        key: Buffer.from(configured, "base64"),
        format: "der",
        type: "pkcs8",
      });
      keyFromEnv = { source: configured, key };
    }
    return keyFromEnv.key;
  }
  if (keyFromDatabase) return keyFromDatabase;
  const generated = crypto
    .generateKeyPairSync("ed25519")
    .privateKey.export({ type: "pkcs8", format: "pem" })
    .toString();
  // The first process to sign keeps its key; every other reads that one.
  await tx.insert(recordLogKeys).values({ privateKey: generated }).onConflictDoNothing();
  const [row] = await tx.select({ privateKey: recordLogKeys.privateKey }).from(recordLogKeys);
  if (!row) throw new Error("record log key not stored");
  keyFromDatabase = crypto.createPrivateKey(row.privateKey);
  return keyFromDatabase;
}

/** Appends one entry and signs the log's new head; call inside the transaction that acts. */
export async function appendLogEntry(tx: Executor, entry: NewLogEntry, now: Date): Promise<void> {
  await tx.execute(sql`lock table ${recordLogEntries} in exclusive mode`);
  const [last] = await tx
    .select({ seq: recordLogEntries.seq, hash: recordLogEntries.hash })
    .from(recordLogEntries)
    .orderBy(desc(recordLogEntries.seq))
    .limit(1);
  const logEntry: LogEntry = {
    seq: (last?.seq ?? 0) + 1,
    at: now.toISOString(),
    kind: entry.kind,
    robot: entry.robot,
    account: entry.account,
    fileSha256: entry.fileSha256,
    previousHash: last?.hash ?? GENESIS_HASH,
  };
  const hash = entryHash(logEntry);
  await tx.insert(recordLogEntries).values({
    ...logEntry,
    at: now,
    hash,
    statementId: entry.statementId,
  });
  const key = await signingKey(tx);
  const head: LogHead = { size: logEntry.seq, hash, signedAt: now.toISOString() };
  await tx.insert(recordLogHeads).values({
    size: head.size,
    hash,
    signedAt: now,
    publicKey: publicKeyPem(key),
    signature: signHead(head, key),
  });
}

/** Every entry, oldest first, as the text and JSON forms print them. */
export async function listLogEntries(): Promise<LogEntry[]> {
  const db = await getDb();
  const rows = await db.select().from(recordLogEntries).orderBy(asc(recordLogEntries.seq));
  return rows.map((row) => ({
    seq: row.seq,
    at: row.at.toISOString(),
    kind: row.kind,
    robot: row.robot,
    account: row.account,
    fileSha256: row.fileSha256,
    previousHash: row.previousHash,
  }));
}

export interface SignedHead extends LogHead {
  publicKey: string;
  signature: string;
}

/** Every signed head, oldest first. */
export async function listLogHeads(): Promise<SignedHead[]> {
  const db = await getDb();
  const rows = await db.select().from(recordLogHeads).orderBy(asc(recordLogHeads.size));
  return rows.map((row) => ({ ...row, signedAt: row.signedAt.toISOString() }));
}
