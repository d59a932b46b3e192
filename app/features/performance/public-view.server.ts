import { pageRecordOf, type PageRecord, type RecordChart } from "./chart.ts";
import type { Robot } from "../robots/queries.server.ts";
import {
  getPublishedReference,
  getPublishedRecord,
  getRobotAndPublicationBySlug,
  type PublishedReference,
} from "./queries.server.ts";
import { getRecordHistory } from "./record-history.server.ts";
import type { VerifiedView } from "./verified-record.tsx";

// Statements and publications are append-only (docs/decisions/133), so what a publication's
// record shows (combined or its statement's own, docs/decisions/430) is computed once per
// process and kept by its id: a request reads only which publication is the latest, not its
// record, and draws no chart (docs/decisions/251). A newer publication is another id, so
// nothing kept ever goes stale.
const drawn = new Map<string, { record: PageRecord; chart: RecordChart | null }>();
// Robots times the uploads a process serves before restarting: a small number; past it the
// oldest goes.
const MAX_DRAWN = 64;

async function drawnRecord(publicationId: string) {
  let found = drawn.get(publicationId);
  if (!found) {
    found = pageRecordOf(await getPublishedRecord(publicationId));
    if (drawn.size >= MAX_DRAWN) drawn.delete(drawn.keys().next().value as string);
    drawn.set(publicationId, found);
  }
  return found;
}

/** The published record of a robot as the agent page shows it, or null. */
export async function getVerifiedView(robotId: string): Promise<VerifiedView | null> {
  return verifiedViewOf(robotId, await getPublishedReference(robotId));
}

/** The robot at this slug (with its spots) and its published record: one query. */
export async function getAgentBySlug(
  slug: string,
): Promise<{ robot: Robot; verified: VerifiedView | null } | undefined> {
  const found = await getRobotAndPublicationBySlug(slug);
  return (
    found && {
      robot: found.robot,
      verified: await verifiedViewOf(found.robot.id, found.published),
    }
  );
}

async function verifiedViewOf(
  robotId: string,
  published: PublishedReference | undefined,
): Promise<VerifiedView | null> {
  if (!published) return null;
  const [{ record, chart }, history] = await Promise.all([
    drawnRecord(published.publicationId),
    getRecordHistory(robotId, published.statementId),
  ]);
  return {
    statementId: published.statementId,
    fileName: published.fileName,
    sha256: published.sha256,
    accountKind: published.accountKind,
    broker: published.broker,
    record,
    chart,
    updatedAt: published.publishedAt.toISOString(),
    signature: published.signedByDomain
      ? {
          domain: published.signedByDomain,
          verifiedAt: (published.signatureVerifiedAt ?? published.uploadedAt).toISOString(),
          messageSha256: published.signedMessageSha256,
        }
      : null,
    history,
  };
}
