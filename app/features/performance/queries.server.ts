import crypto from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import { and, desc, eq, sql, type SQLWrapper } from "drizzle-orm";
import {
  performancePublications,
  performanceRecordStarts,
  performanceStatementFiles,
  performanceStatements,
  robots,
} from "../../../db/schema.ts";
import { getDb, withTransaction, type Executor } from "../../platform/db/db.server.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import { isValidSlug } from "../../lib/slug.ts";
import { spotColumns, withFreeSpots, type Robot } from "../robots/queries.server.ts";
import type {
  AccountKind,
  PublicationAction,
  PerformanceRecord,
  ServerClock,
  StatementFormat,
} from "./model.ts";
import { appendLogEntry } from "./record-log.server.ts";
import { combineStatementFiles, type CombinedStatements } from "./statement-analysis.server.ts";

// The append-only history of statements and publications (docs/decisions/133): rows are
// only ever inserted; what the public sees is a robot's latest publication.

export interface NewStatement {
  robotId: string;
  fileName: string;
  file: Uint8Array;
  sha256: string;
  format: StatementFormat;
  accountKind: AccountKind;
  broker: string;
  serverClock: ServerClock;
  currency: string;
  record: PerformanceRecord;
  uploadedBy: string;
  /** A statement that arrived signed by its broker (docs/decisions/377). */
  signedByDomain?: string;
  signatureVerifiedAt?: Date;
}

/**
 * A statement file's part size. PGlite runs each statement on the server's thread: a 5 MB
 * file inserted at once held /healthz up to 137 ms; a part is a few milliseconds
 * (docs/decisions/216). The migration that split the earlier files uses the same size.
 */
const FILE_PART_BYTES = 256 * 1024;

/**
 * Writes the file part by part, each part a statement of its own with a turn of the event
 * loop between them (no transaction: PGlite would hold every other query until its end),
 * then the statement's row, which is what makes the parts its file, with its entry in the
 * public log.
 */
export async function saveStatement({ file, ...statement }: NewStatement): Promise<string> {
  const db = await getDb();
  const id = crypto.randomUUID();
  for (let part = 0; part * FILE_PART_BYTES < file.byteLength; part++) {
    const at = part * FILE_PART_BYTES;
    await db
      .insert(performanceStatementFiles)
      .values({ statementId: id, part, bytes: file.subarray(at, at + FILE_PART_BYTES) });
    await new Promise((resolve) => setImmediate(resolve));
  }
  await withTransaction(async (tx) => {
    const now = appNow();
    await tx
      .insert(performanceStatements)
      .values({ ...statement, id, reconciled: statement.record.reconciled, uploadedAt: now });
    await appendLogEntry(
      tx,
      {
        kind: "statement",
        robot: await robotKey(tx, statement.robotId),
        account: statement.record.accountNumberMasked,
        fileSha256: statement.sha256,
        statementId: id,
      },
      now,
    );
  });
  return id;
}

async function robotKey(tx: Executor, robotId: string): Promise<string> {
  const [robot] = await tx.select({ key: robots.key }).from(robots).where(eq(robots.id, robotId));
  if (!robot) throw new Error(`robot ${robotId} not found`);
  return robot.key;
}

const historyColumns = {
  id: performanceStatements.id,
  fileName: performanceStatements.fileName,
  sha256: performanceStatements.sha256,
  size: sql<number>`(select coalesce(sum(octet_length(f.bytes)), 0) from performance_statement_files f
    where f.statement_id = performance_statements.id)`.mapWith(Number),
  format: performanceStatements.format,
  accountKind: performanceStatements.accountKind,
  broker: performanceStatements.broker,
  serverClock: performanceStatements.serverClock,
  currency: performanceStatements.currency,
  reconciled: performanceStatements.reconciled,
  uploadedBy: performanceStatements.uploadedBy,
  uploadedAt: performanceStatements.uploadedAt,
};

/** A robot's uploads, newest first, each with when it was last published (if ever). */
export async function listStatements(robotId: string) {
  const db = await getDb();
  return db
    .select({
      ...historyColumns,
      // Spelled out: Drizzle leaves a select list's columns unqualified, and inside the
      // subquery "id" would be the publication's.
      publishedAt: sql<Date | null>`(select max(p.published_at) from performance_publications p
        where p.statement_id = performance_statements.id)`.mapWith((value) =>
        value === null ? null : new Date(value as string),
      ),
    })
    .from(performanceStatements)
    .where(eq(performanceStatements.robotId, robotId))
    .orderBy(desc(performanceStatements.uploadedAt), desc(performanceStatements.id));
}

/** One upload of this robot with its record (not its file), or undefined. */
export async function getStatement(robotId: string, id: string) {
  const db = await getDb();
  const [row] = await db
    .select({ ...historyColumns, record: performanceStatements.record })
    .from(performanceStatements)
    .where(and(eq(performanceStatements.id, id), eq(performanceStatements.robotId, robotId)));
  return row;
}

/** What a publication did: shown, not this robot's statement, or not combinable. */
export type PublishOutcome =
  | { ok: true }
  | { ok: false; reason: "not-found" | "not-reconciled" }
  | { ok: false; reason: "not-combinable"; problem: CombinedStatements & { ok: false } };

/**
 * The statements of the same account (masked number, broker, format, clock) published for
 * the robot since its last withdrawal, besides `statementId`: with it, the robot's record
 * (docs/decisions/430).
 */
async function accountStatementIds(
  robotId: string,
  statement: {
    id: string;
    broker: string;
    format: StatementFormat;
    serverClock: ServerClock;
    account: string;
  },
): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .selectDistinct({ id: performanceStatements.id })
    .from(performancePublications)
    .innerJoin(
      performanceStatements,
      eq(performanceStatements.id, performancePublications.statementId),
    )
    .where(
      and(
        eq(performancePublications.robotId, robotId),
        eq(performancePublications.action, "publish"),
        sql`${performancePublications.publishedAt} > coalesce((select max(w.published_at)
          from performance_publications w where w.robot_id = ${robotId}
          and w.action = 'withdraw'), '-infinity'::timestamptz)`,
        eq(performanceStatements.broker, statement.broker),
        eq(performanceStatements.format, statement.format),
        eq(performanceStatements.serverClock, statement.serverClock),
        sql`${performanceStatements.record}->>'accountNumberMasked' = ${statement.account}`,
      ),
    );
  return rows.map((row) => row.id).filter((id) => id !== statement.id);
}

async function fileOf(statementId: string): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const part of fileParts(statementId)) parts.push(part);
  return Buffer.concat(parts);
}

/**
 * Makes this upload part of what the public sees for its robot: with the statements of the
 * same account published before it (since a withdrawal), combined by the reader process into
 * one record kept on the publication row (docs/decisions/430).
 */
export async function publishStatement(
  robotId: string,
  statementId: string,
  publishedBy: string,
  /** Publishes nothing when the combined record does not reconcile (signed intake). */
  { onlyReconciled = false } = {},
): Promise<PublishOutcome> {
  const db = await getDb();
  const [found] = await db
    .select({
      id: performanceStatements.id,
      broker: performanceStatements.broker,
      format: performanceStatements.format,
      serverClock: performanceStatements.serverClock,
      account: sql<string>`${performanceStatements.record}->>'accountNumberMasked'`,
    })
    .from(performanceStatements)
    .where(
      and(eq(performanceStatements.id, statementId), eq(performanceStatements.robotId, robotId)),
    );
  if (!found) return { ok: false, reason: "not-found" };
  const others = await accountStatementIds(robotId, found);
  let combined: PerformanceRecord | null = null;
  if (others.length > 0) {
    const files: Uint8Array[] = [];
    // A turn of the event loop after each file: on PGlite each part's query runs on it.
    for (const id of [...others, statementId]) {
      files.push(await fileOf(id));
      await nextTurn();
    }
    const result = await combineStatementFiles(files, found.serverClock);
    if (!result.ok) return { ok: false, reason: "not-combinable", problem: result };
    combined = result.record;
    if (onlyReconciled && !combined.reconciled) return { ok: false, reason: "not-reconciled" };
  }
  return withTransaction(async (tx) => {
    const [statement] = await tx
      .select({ sha256: performanceStatements.sha256, record: performanceStatements.record })
      .from(performanceStatements)
      .where(eq(performanceStatements.id, statementId));
    if (!statement) return { ok: false, reason: "not-found" };
    const record = combined ?? statement.record;
    const now = appNow();
    await tx
      .insert(performancePublications)
      .values({ robotId, statementId, publishedBy, publishedAt: now, record: combined });
    // The first publication fixes the robot's start; no later one moves it (decision 372).
    await tx
      .insert(performanceRecordStarts)
      .values({
        robotId,
        startedAt: new Date(record.periodStart),
        statementId,
        fixedAt: now,
      })
      .onConflictDoNothing({ target: performanceRecordStarts.robotId });
    await appendLogEntry(
      tx,
      {
        kind: "publication",
        robot: await robotKey(tx, robotId),
        account: statement.record.accountNumberMasked,
        fileSha256: statement.sha256,
        statementId,
      },
      now,
    );
    return { ok: true } as const;
  });
}

/**
 * Takes the robot's record off the site (the statements and the log stay): a "withdraw" row
 * naming the statement that was shown. False when nothing is published.
 */
export async function withdrawRecord(robotId: string, withdrawnBy: string): Promise<boolean> {
  return withTransaction(async (tx) => {
    const [current] = await latestPublication(tx, robotId);
    if (!current || current.action === "withdraw") return false;
    const now = appNow();
    await tx.insert(performancePublications).values({
      robotId,
      statementId: current.statementId,
      publishedBy: withdrawnBy,
      publishedAt: now,
      action: "withdraw",
    });
    const [statement] = await tx
      .select({ record: performanceStatements.record })
      .from(performanceStatements)
      .where(eq(performanceStatements.id, current.statementId));
    await appendLogEntry(
      tx,
      {
        kind: "withdrawal",
        robot: await robotKey(tx, robotId),
        account: statement?.record.accountNumberMasked ?? "",
        fileSha256: current.sha256,
        statementId: current.statementId,
      },
      now,
    );
    return true;
  });
}

/** Which statement a robot's public page shows: its latest publication. */
export interface PublishedReference {
  /** The publication row: its record is the robot's, combined or the statement's own. */
  publicationId: string;
  statementId: string;
  fileName: string;
  sha256: string;
  accountKind: AccountKind;
  broker: string;
  uploadedAt: Date;
  publishedAt: Date;
  /** The broker domain whose DKIM signature it arrived under, and when it was verified. */
  signedByDomain: string | null;
  signatureVerifiedAt: Date | null;
  /** The SHA-256 of the raw signed message it arrived in (docs/decisions/431). */
  signedMessageSha256: string | null;
}

const publishedReferenceColumns = {
  // Named: in the agent page's lateral subquery a bare "id" would be the statement's too.
  publicationId: sql<string>`${performancePublications.id}`.as("publication_id"),
  statementId: performanceStatements.id,
  fileName: performanceStatements.fileName,
  sha256: performanceStatements.sha256,
  accountKind: performanceStatements.accountKind,
  broker: performanceStatements.broker,
  uploadedAt: performanceStatements.uploadedAt,
  publishedAt: performancePublications.publishedAt,
  action: performancePublications.action,
  signedByDomain: performanceStatements.signedByDomain,
  signatureVerifiedAt: performanceStatements.signatureVerifiedAt,
  signedMessageSha256: sql<string | null>`(select m.sha256 from signed_statement_messages m
    where m.statement_id = ${performanceStatements.id} and m.outcome = 'accepted'
    limit 1)`.as("signed_message_sha256"),
};

/** The latest publication row (or withdrawal) of the robot `robotId` names, without its record. */
function latestPublication(db: Executor, robotId: string | SQLWrapper) {
  return db
    .select(publishedReferenceColumns)
    .from(performancePublications)
    .innerJoin(
      performanceStatements,
      eq(performanceStatements.id, performancePublications.statementId),
    )
    .where(eq(performancePublications.robotId, robotId))
    .orderBy(desc(performancePublications.publishedAt), desc(performancePublications.id))
    .limit(1);
}

/** A robot's latest publication without its record (the page keeps records it has drawn). */
export async function getPublishedReference(
  robotId: string,
): Promise<PublishedReference | undefined> {
  const [row] = await latestPublication(await getDb(), robotId);
  return shown(row);
}

/**
 * The robot with this slug, with its spots and its latest publication, in one statement:
 * every uncached view of an agent page asks, and on PGlite each statement costs over a
 * millisecond of the server's thread whatever it reads (docs/decisions/288).
 */
export async function getRobotAndPublicationBySlug(
  slug: string,
  now = appNow(),
): Promise<{ robot: Robot; published: PublishedReference | undefined } | undefined> {
  if (!isValidSlug(slug)) return undefined;
  const db = await getDb();
  const latest = latestPublication(db, robots.id).as("latest");
  const [row] = await db
    .select({
      robot: robots,
      ...spotColumns(now),
      published: {
        publicationId: latest.publicationId,
        statementId: latest.statementId,
        fileName: latest.fileName,
        sha256: latest.sha256,
        accountKind: latest.accountKind,
        broker: latest.broker,
        uploadedAt: latest.uploadedAt,
        publishedAt: latest.publishedAt,
        action: latest.action,
        signedByDomain: latest.signedByDomain,
        signatureVerifiedAt: latest.signatureVerifiedAt,
        signedMessageSha256: latest.signedMessageSha256,
      },
    })
    .from(robots)
    .leftJoinLateral(latest, sql`true`)
    .where(eq(robots.slug, slug))
    .limit(1);
  if (!row) return undefined;
  const { robot, taken, held, published } = row;
  return { robot: withFreeSpots({ ...robot, taken, held }), published: shown(published) };
}

/** A latest publication row as what the public sees: nothing after a withdrawal. */
function shown(
  row: (PublishedReference & { action: PublicationAction }) | null | undefined,
): PublishedReference | undefined {
  if (!row) return undefined;
  const { action, ...reference } = row;
  return action === "withdraw" ? undefined : reference;
}

/**
 * A publication's record: the combined one it keeps, or its statement's own (neither ever
 * changes: docs/decisions/133, 430).
 */
export async function getPublishedRecord(publicationId: string): Promise<PerformanceRecord> {
  const db = await getDb();
  const [row] = await db
    .select({
      record: sql<PerformanceRecord>`coalesce(${performancePublications.record}, ${performanceStatements.record})`,
    })
    .from(performancePublications)
    .innerJoin(
      performanceStatements,
      eq(performanceStatements.id, performancePublications.statementId),
    )
    .where(eq(performancePublications.id, publicationId));
  if (!row) throw new Error(`publication ${publicationId} not found`);
  return row.record;
}

/** One statement's record (statements never change: docs/decisions/133). */
export async function getStatementRecord(statementId: string): Promise<PerformanceRecord> {
  const db = await getDb();
  const [row] = await db
    .select({ record: performanceStatements.record })
    .from(performanceStatements)
    .where(eq(performanceStatements.id, statementId));
  if (!row) throw new Error(`statement ${statementId} not found`);
  return row.record;
}

/** The figure the agent cards and plans show, per robot key. */
export interface VerifiedFigure {
  twelveMonthReturnBps: number;
  accountKind: AccountKind;
  /** Where the 12 months begin (the record's own start if later); null in older records. */
  periodStart: string | null;
  periodEnd: string;
}

/** What a publication shows: its combined record, or its statement's own. */
const shownRecord = sql`coalesce(${performancePublications.record}, ${performanceStatements.record})`;

/** Each robot's published 12-month return, keyed by robot key (only robots that have one). */
export async function listVerifiedFigures(): Promise<Record<string, VerifiedFigure>> {
  const db = await getDb();
  const rows = await db
    .selectDistinctOn([performancePublications.robotId], {
      key: robots.key,
      accountKind: performanceStatements.accountKind,
      twelveMonths: sql<number | null>`(${shownRecord}->>'twelveMonthReturnBps')::int`,
      periodEnd: sql<string>`${shownRecord}->>'periodEnd'`,
      twelveFrom: sql<string | null>`${shownRecord}->'figures'->'twelveMonths'->>'from'`,
      action: performancePublications.action,
    })
    .from(performancePublications)
    .innerJoin(
      performanceStatements,
      eq(performanceStatements.id, performancePublications.statementId),
    )
    .innerJoin(robots, eq(robots.id, performancePublications.robotId))
    .orderBy(
      performancePublications.robotId,
      desc(performancePublications.publishedAt),
      desc(performancePublications.id),
    );
  const figures: Record<string, VerifiedFigure> = {};
  for (const row of rows) {
    if (row.twelveMonths === null || row.action === "withdraw") continue;
    figures[row.key] = {
      twelveMonthReturnBps: row.twelveMonths,
      accountKind: row.accountKind,
      periodStart: row.twelveFrom,
      periodEnd: row.periodEnd,
    };
  }
  return figures;
}

/** A published statement's file: its name, SHA-256 and size, and its bytes part by part. */
export interface PublishedFile {
  fileName: string;
  sha256: string;
  size: number;
  /** The file's parts in order, each read by a query of its own (docs/decisions/216). */
  parts(): AsyncGenerator<Uint8Array>;
}

/** A file anyone may download: one that has been published at least once. */
export async function getPublishedFile(statementId: string): Promise<PublishedFile | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({
      fileName: performanceStatements.fileName,
      sha256: performanceStatements.sha256,
      size: historyColumns.size,
    })
    .from(performanceStatements)
    .where(
      and(
        eq(performanceStatements.id, statementId),
        sql`exists (select 1 from performance_publications p
          where p.statement_id = performance_statements.id)`,
      ),
    );
  if (!row) return undefined;
  return { ...row, parts: () => fileParts(statementId) };
}

/**
 * A file's parts in order, one statement each, which also says whether another part follows:
 * a file of one part (most) is one statement, not two (a publication reads every file it
 * combines, docs/decisions/490).
 */
async function* fileParts(statementId: string): AsyncGenerator<Uint8Array> {
  const db = await getDb();
  for (let part = 0; ; part++) {
    const [found] = await db
      .select({
        bytes: performanceStatementFiles.bytes,
        more: sql<boolean>`exists (select 1 from ${performanceStatementFiles} later
          where later.statement_id = ${statementId} and later.part = ${part + 1})`,
      })
      .from(performanceStatementFiles)
      .where(
        and(
          eq(performanceStatementFiles.statementId, statementId),
          eq(performanceStatementFiles.part, part),
        ),
      );
    if (!found) return;
    yield found.bytes;
    if (!found.more) return;
  }
}

/** The robot a performance page is about, or undefined. */
export async function getRobotForPerformance(id: string) {
  const db = await getDb();
  const [row] = await db
    .select({ id: robots.id, key: robots.key, name: robots.name, slug: robots.slug })
    .from(robots)
    .where(eq(robots.id, id));
  return row;
}
