import { getPublishedPerformance } from "./queries.server.ts";
import type { VerifiedView } from "./verified-record.tsx";

/** The published record of a robot as the agent page shows it, or null. */
export async function getVerifiedView(robotId: string): Promise<VerifiedView | null> {
  const published = await getPublishedPerformance(robotId);
  if (!published) return null;
  return {
    statementId: published.statementId,
    fileName: published.fileName,
    sha256: published.sha256,
    accountKind: published.accountKind,
    broker: published.broker,
    record: published.record,
    updatedAt: published.publishedAt.toISOString(),
  };
}
