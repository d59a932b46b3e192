import { desc, eq, sql } from "drizzle-orm";
import { performanceRecordStarts, performanceStatements } from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { keptUntilPublicDataChanges } from "../../platform/http/public-pages.server.ts";
import { recordHistoryOf, type RecordHistory } from "./record-history.ts";

// Kept per robot and shown statement until public data changes (the signal that empties the
// page cache, decision 221): with 60 monthly statements the query took 7 ms of PGlite's
// thread on every rendered view (docs/decisions/432).
const kept = keptUntilPublicDataChanges<RecordHistory>(64);

/**
 * A robot's fixed start and every statement it ever had (published or not: each upload is
 * in the public log already), as the accounts and gaps its pages list. One query.
 */
export function getRecordHistory(
  robotId: string,
  currentStatementId: string | null,
): Promise<RecordHistory> {
  return kept(`${robotId}:${currentStatementId ?? ""}`, () =>
    readRecordHistory(robotId, currentStatementId),
  );
}

async function readRecordHistory(
  robotId: string,
  currentStatementId: string | null,
): Promise<RecordHistory> {
  const db = await getDb();
  const rows = await db
    .select({
      id: performanceStatements.id,
      account: sql<string>`${performanceStatements.record}->>'accountNumberMasked'`,
      broker: performanceStatements.broker,
      accountKind: performanceStatements.accountKind,
      format: performanceStatements.format,
      periodStart: sql<string>`${performanceStatements.record}->>'periodStart'`,
      periodEnd: sql<string>`${performanceStatements.record}->>'periodEnd'`,
      startedAt: performanceRecordStarts.startedAt,
    })
    .from(performanceStatements)
    .leftJoin(
      performanceRecordStarts,
      eq(performanceRecordStarts.robotId, performanceStatements.robotId),
    )
    .where(eq(performanceStatements.robotId, robotId))
    .orderBy(desc(performanceStatements.uploadedAt));
  const startedAt = rows[0]?.startedAt ?? null;
  return recordHistoryOf(startedAt && new Date(startedAt), rows, currentStatementId);
}
