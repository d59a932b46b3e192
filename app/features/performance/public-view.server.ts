import { pageRecordOf, type PageRecord, type RecordChart } from "./chart.ts";
import { keptUntilPublicDataChanges } from "../../platform/http/public-pages.server.ts";
import type { Robot } from "../robots/queries.server.ts";
import {
  getPublishedReference,
  getPublishedRecord,
  getRobotAndPublicationBySlug,
  type PublishedReference,
} from "./queries.server.ts";
import { getRecordHistory } from "./record-history.server.ts";
import type { VerifiedView } from "./verified-record.tsx";
import { verifiedRecordHtml } from "./verified-record-html.server.tsx";

// Statements and publications are append-only (docs/decisions/133), so what a publication's
// record shows (combined or its statement's own, docs/decisions/430) is computed once per
// process and kept by its id: a request reads only which publication is the latest, not its
// record, and draws no chart (docs/decisions/251). A newer publication is another id, so
// nothing kept ever goes stale. Of the reconciliation it keeps the lines that did not match,
// the only ones the pages show: a 60-statement record has over 400 that did, and whatever a
// loader returns is serialised on every render (docs/decisions/458).
const drawn = new Map<string, { record: PageRecord; chart: RecordChart | null }>();
// Robots times the uploads a process serves before restarting: a small number; past it the
// oldest goes.
const MAX_DRAWN = 64;

async function drawnRecord(publicationId: string) {
  let found = drawn.get(publicationId);
  if (!found) {
    const { record, chart } = pageRecordOf(await getPublishedRecord(publicationId));
    found = {
      record: { ...record, reconciliation: record.reconciliation.filter((line) => !line.ok) },
      chart,
    };
    if (drawn.size >= MAX_DRAWN) drawn.delete(drawn.keys().next().value as string);
    drawn.set(publicationId, found);
  }
  return found;
}

/** The published record of a robot as the agent page shows it, or null. */
export async function getVerifiedView(robotId: string): Promise<VerifiedView | null> {
  return verifiedViewOf(robotId, await getPublishedReference(robotId));
}

type AgentReading = { robot: Robot; verified: VerifiedView | null } | undefined;

// What an agent page and its sheet read, kept per slug until public data changes, as the
// page cache keeps the anonymous page (decision 221): every change to the robot, its spots
// (an invitation's deadline passing is an update: decision 092) or its statements says so.
// A rendered view (with a cookie, or the page cache's one render) then reads nothing from
// the database: on PGlite the robot's one statement cost about 6 ms of the server's CPU a
// render (docs/decisions/458). A slug no robot has is not kept.
const readings = keptUntilPublicDataChanges<AgentReading>(64, (found) => found !== undefined);

/** The robot at this slug (with its spots) and its published record: one query, kept. */
export function getAgentBySlug(slug: string): Promise<AgentReading> {
  return readings(slug, () => readAgentBySlug(slug));
}

async function readAgentBySlug(slug: string): Promise<AgentReading> {
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

// The record's HTML, rendered once per reading (docs/decisions/491): a view is the reading's
// own object, dropped with it when public data changes (decision 458), so what was rendered
// from it is never older than the view itself.
const renderedRecords = new WeakMap<VerifiedView, { name: string; html: string }>();

/** The agent page's record section (`VerifiedRecordContent`) as HTML, rendered once per view. */
export function renderedRecordOf(name: string, view: VerifiedView): string {
  let rendered = renderedRecords.get(view);
  if (rendered?.name !== name) {
    rendered = { name, html: verifiedRecordHtml(name, view) };
    renderedRecords.set(view, rendered);
  }
  return rendered.html;
}
