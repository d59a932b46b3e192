// The PSP's webhook answers once its Pix are stored, and the worker applies them
// (docs/decisions/440): a PSP that waits on a slow answer retries it, and no payment should
// wait behind another's transaction to be received. A claimed batch's common Pix are applied
// together (applyPlainPix), the rest each by applyConfirmedPix; both are idempotent by the
// endToEndId, so a worker killed mid-way applies nothing twice: its lease ends, and the next
// claim finds the ledger line written ("repeat").
import { asc, eq, inArray, lte, sql } from "drizzle-orm";
import { pixInbox } from "../../../db/schema.ts";
import { getDb, type Executor } from "../../platform/db/db.server.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import { pixSchema, type ReceivedPix } from "../../platform/payments/api-pix.server.ts";
import { applyConfirmedPix, applyPlainPix, type PixOutcome } from "./pix-receipts.server.ts";

/** How long a claimed Pix is hidden from other claims. */
const LEASE_MS = 60_000;
export const PIX_INBOX_BATCH = 50;
/** Pix applied at once: the process's pooled connections (decision 292). */
const CONCURRENCY = 3;
const RETRY_BASE_MS = 5_000;
const RETRY_MAX_MS = 600_000;

/** The webhook's one statement: every Pix of the notification, due at once. */
export async function storeReceivedPix(items: readonly ReceivedPix[], now: Date): Promise<void> {
  const db = await getDb();
  await db.insert(pixInbox).values(items.map((pix) => ({ pix, receivedAt: now, runAt: now })));
}

/**
 * Claims up to `limit` stored Pix that are due and applies them; answers their outcomes in
 * the order they were received. One that fails is due again later, with its error kept.
 */
export async function applyStoredPix(now: Date, limit = PIX_INBOX_BATCH): Promise<PixOutcome[]> {
  const db = await getDb();
  const claimed = await db
    .update(pixInbox)
    .set({ runAt: new Date(now.getTime() + LEASE_MS), attempts: sql`${pixInbox.attempts} + 1` })
    .where(
      inArray(
        pixInbox.id,
        db
          .select({ id: pixInbox.id })
          .from(pixInbox)
          .where(lte(pixInbox.runAt, now))
          .orderBy(asc(pixInbox.receivedAt))
          .limit(limit)
          .for("update", { skipLocked: true }),
      ),
    )
    .returning({
      id: pixInbox.id,
      pix: pixInbox.pix,
      attempts: pixInbox.attempts,
      receivedAt: pixInbox.receivedAt,
    });
  claimed.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
  const received = claimed.map((row) => pixSchema.safeParse(row.pix).data);
  // The common ones together, in one transaction (docs/decisions/464); should it fail, each
  // goes on its own below.
  const outcomes: (PixOutcome | undefined)[] = claimed.map(() => undefined);
  try {
    const plain = received.flatMap((pix, index) => (pix ? [{ pix, index }] : []));
    const together = await applyPlainPix(
      plain.map(({ pix }) => pix),
      "webhook",
      now,
    );
    plain.forEach(({ index }, i) => (outcomes[index] = together[i]));
  } catch (error) {
    getLogger().warn({ err: error }, "stored pix not applied together; one by one");
  }
  const applied = claimed.flatMap((row, index) => (outcomes[index] ? [row.id] : []));
  let next = 0;
  const applyNext = async () => {
    while (next < claimed.length) {
      const index = next++;
      const row = claimed[index]!;
      if (outcomes[index]) continue;
      try {
        // A row outside the contract throws here, its error kept for staff.
        const pix = received[index] ?? pixSchema.parse(row.pix);
        outcomes[index] = await applyConfirmedPix(pix, "webhook", now);
        applied.push(row.id);
      } catch (error) {
        const retryInMs = Math.min(RETRY_BASE_MS * 2 ** (row.attempts - 1), RETRY_MAX_MS);
        getLogger().error({ err: error, pix: row.pix }, "stored pix not applied");
        await db
          .update(pixInbox)
          .set({
            runAt: new Date(now.getTime() + retryInMs),
            lastError: error instanceof Error ? error.message : String(error),
          })
          .where(eq(pixInbox.id, row.id));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, claimed.length) }, applyNext));
  if (applied.length > 0) await db.delete(pixInbox).where(inArray(pixInbox.id, applied));
  return outcomes.filter((outcome) => outcome !== undefined);
}

/** A stored Pix not applied this long after it arrived is shown to staff. */
const STUCK_AFTER_MS = 60_000;

/**
 * The stored Pix still not applied a minute after they arrived (each is retried by itself):
 * how many, since when, and the last error, for /admin/pedidos; null when there are none.
 */
export async function stuckPix(
  tx: Executor,
  now: Date,
): Promise<{ count: number; since: Date; lastError: string | null } | null> {
  const [row] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      since: sql<string | null>`min(${pixInbox.receivedAt})`,
      lastError: sql<string | null>`max(${pixInbox.lastError})`,
    })
    .from(pixInbox)
    .where(lte(pixInbox.receivedAt, new Date(now.getTime() - STUCK_AFTER_MS)));
  if (!row?.since) return null;
  return { count: row.count, since: new Date(row.since), lastError: row.lastError };
}
