import { and, desc, eq, sql } from "drizzle-orm";
import { performancePublications, performanceStatements, robots } from "../../../db/schema.ts";
import { getDb, withTransaction } from "../../platform/db/db.server.ts";
import { publicPagesChanged } from "../../platform/http/public-pages.server.ts";
import type { AccountKind, PerformanceRecord, ServerClock, StatementFormat } from "./model.ts";

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
}

export async function saveStatement(statement: NewStatement): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .insert(performanceStatements)
    .values({ ...statement, reconciled: statement.record.reconciled })
    .returning({ id: performanceStatements.id });
  if (!row) throw new Error("statement not saved");
  return row.id;
}

const historyColumns = {
  id: performanceStatements.id,
  fileName: performanceStatements.fileName,
  sha256: performanceStatements.sha256,
  size: sql<number>`octet_length(${performanceStatements.file})`.mapWith(Number),
  format: performanceStatements.format,
  accountKind: performanceStatements.accountKind,
  broker: performanceStatements.broker,
  serverClock: performanceStatements.serverClock,
  currency: performanceStatements.currency,
  reconciled: performanceStatements.reconciled,
  uploadedBy: performanceStatements.uploadedBy,
  uploadedAt: performanceStatements.uploadedAt,
};

export type StatementSummaryRow = Awaited<ReturnType<typeof listStatements>>[number];

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

/** Makes this upload what the public sees for its robot; false when it is not the robot's. */
export async function publishStatement(
  robotId: string,
  statementId: string,
  publishedBy: string,
): Promise<boolean> {
  const published = await withTransaction(async (tx) => {
    const [statement] = await tx
      .select({ id: performanceStatements.id })
      .from(performanceStatements)
      .where(
        and(eq(performanceStatements.id, statementId), eq(performanceStatements.robotId, robotId)),
      );
    if (!statement) return false;
    await tx.insert(performancePublications).values({ robotId, statementId, publishedBy });
    return true;
  });
  if (published) publicPagesChanged("verified performance published");
  return published;
}

/** What a robot's public page shows: its latest publication, or undefined. */
export interface PublishedPerformance {
  statementId: string;
  fileName: string;
  sha256: string;
  accountKind: AccountKind;
  broker: string;
  record: PerformanceRecord;
  uploadedAt: Date;
  publishedAt: Date;
}

const publishedColumns = {
  statementId: performanceStatements.id,
  fileName: performanceStatements.fileName,
  sha256: performanceStatements.sha256,
  accountKind: performanceStatements.accountKind,
  broker: performanceStatements.broker,
  record: performanceStatements.record,
  uploadedAt: performanceStatements.uploadedAt,
  publishedAt: performancePublications.publishedAt,
};

export async function getPublishedPerformance(
  robotId: string,
): Promise<PublishedPerformance | undefined> {
  const db = await getDb();
  const [row] = await db
    .select(publishedColumns)
    .from(performancePublications)
    .innerJoin(
      performanceStatements,
      eq(performanceStatements.id, performancePublications.statementId),
    )
    .where(eq(performancePublications.robotId, robotId))
    .orderBy(desc(performancePublications.publishedAt), desc(performancePublications.id))
    .limit(1);
  return row;
}

/** The figure the agent cards and plans show, per robot key. */
export interface VerifiedFigure {
  twelveMonthReturnBps: number;
  accountKind: AccountKind;
  periodEnd: string;
}

/** Each robot's published 12-month return, keyed by robot key (only robots that have one). */
export async function listVerifiedFigures(): Promise<Record<string, VerifiedFigure>> {
  const db = await getDb();
  const rows = await db
    .selectDistinctOn([performancePublications.robotId], {
      key: robots.key,
      accountKind: performanceStatements.accountKind,
      twelveMonths: sql<
        number | null
      >`(${performanceStatements.record}->>'twelveMonthReturnBps')::int`,
      periodEnd: sql<string>`${performanceStatements.record}->>'periodEnd'`,
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
    if (row.twelveMonths === null) continue;
    figures[row.key] = {
      twelveMonthReturnBps: row.twelveMonths,
      accountKind: row.accountKind,
      periodEnd: row.periodEnd,
    };
  }
  return figures;
}

/** A file anyone may download: one that has been published at least once. */
export async function getPublishedFile(
  statementId: string,
): Promise<{ fileName: string; file: Uint8Array; sha256: string } | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({
      fileName: performanceStatements.fileName,
      file: performanceStatements.file,
      sha256: performanceStatements.sha256,
    })
    .from(performanceStatements)
    .where(
      and(
        eq(performanceStatements.id, statementId),
        sql`exists (select 1 from performance_publications p
          where p.statement_id = performance_statements.id)`,
      ),
    );
  return row;
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
