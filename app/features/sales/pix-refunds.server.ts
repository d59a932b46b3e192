// Refunds through the API Pix (docs/decisions/366): the refund move (refund.server.ts) asks
// for a devolucao of each Pix the sale received through the PSP, in its own transaction; the
// worker sends it (`PUT /pix/{e2eid}/devolucao/{id}`, never a network call under the sale's
// locks) and the PSP's answer, its webhook or a later GET settles it. Each step is a line of
// the ledger: requested, done, or failed with the PSP's reason, and staff see them on
// /admin/pagamentos.
import { and, asc, desc, eq, inArray, isNotNull, lte, ne, or, sql, sum } from "drizzle-orm";
import { moneyEvents, pixRefunds, subscriptionCharges, subscriptions } from "../../../db/schema.ts";
import { getDb, withTransaction, type Executor } from "../../platform/db/db.server.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import {
  apiPix,
  PixApiRefusedError,
  type ApiPixClient,
  type PixRefund,
} from "../../platform/payments/api-pix.server.ts";
import { pixRefundCopy } from "../../content/sales.ts";
import { centsText } from "../orders/money.ts";
import { recordMoneyEvent } from "./ledger.server.ts";

const MAX_ATTEMPTS = 6;
/** A devolucao the PSP is still processing is asked about again after this. */
const PROCESSING_RECHECK_MS = 60_000;

export type PixRefundRow = typeof pixRefunds.$inferSelect;

/** Every Pix received through the PSP and applied to the sale (its order and its renewals). */
async function salePix(tx: Executor, orderId: string) {
  const charges = tx
    .select({ id: subscriptionCharges.id })
    .from(subscriptionCharges)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCharges.subscriptionId))
    .where(eq(subscriptions.orderId, orderId));
  return tx
    .select({ endToEndId: moneyEvents.sourceId, amountCents: moneyEvents.amountCents })
    .from(moneyEvents)
    .where(
      and(
        eq(moneyEvents.source, "api-pix"),
        eq(moneyEvents.kind, "pix-received"),
        eq(moneyEvents.state, "applied"),
        or(eq(moneyEvents.orderId, orderId), inArray(moneyEvents.chargeId, charges)),
      ),
    )
    .orderBy(desc(moneyEvents.receivedAt));
}

/**
 * In the refund move's transaction: a devolucao of up to `amountCents` from the sale's Pix,
 * newest first, each within what that Pix has left. Returns the cents asked of the PSP; the
 * rest is refunded by hand as before. Nothing without an API Pix.
 */
export async function queuePixRefundsLocked(
  tx: Executor,
  order: { id: string; reference: string },
  amountCents: number,
  actor: string,
  now: Date,
  client: ApiPixClient | null = apiPix(),
): Promise<number> {
  if (!client || amountCents <= 0) return 0;
  const received = await salePix(tx, order.id);
  if (received.length === 0) return 0;
  const asked = await tx
    .select({ endToEndId: pixRefunds.endToEndId, cents: sum(pixRefunds.amountCents) })
    .from(pixRefunds)
    .where(
      and(
        inArray(
          pixRefunds.endToEndId,
          received.map((pix) => pix.endToEndId),
        ),
        ne(pixRefunds.state, "failed"),
      ),
    )
    .groupBy(pixRefunds.endToEndId);
  const taken = new Map(asked.map((row) => [row.endToEndId, Number(row.cents ?? 0)]));
  const [{ count } = { count: 0 }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(pixRefunds)
    .where(eq(pixRefunds.orderId, order.id));
  let left = amountCents;
  let index = count;
  for (const pix of received) {
    const cents = Math.min(left, pix.amountCents - (taken.get(pix.endToEndId) ?? 0));
    if (cents <= 0) continue;
    index += 1;
    // The contract's id: 1-35 letters and digits, ours so a retry names the same refund.
    const id = `${order.reference}D${index}`;
    await tx.insert(pixRefunds).values({
      id,
      endToEndId: pix.endToEndId,
      orderId: order.id,
      reference: order.reference,
      amountCents: cents,
      nextAttemptAt: now,
      requestedBy: actor,
      requestedAt: now,
    });
    await recordMoneyEvent(
      tx,
      {
        source: "api-pix",
        sourceId: `devolucao ${id}`,
        kind: "refund-requested",
        method: "pix",
        amountCents: cents,
        currency: "BRL",
        receivedAt: now,
        origin: `pedida por ${actor}`,
        reference: order.reference,
        description: pixRefundCopy.requested(pix.endToEndId),
      },
      now,
    );
    left -= cents;
    if (left === 0) break;
  }
  return amountCents - left;
}

/** Settles one devolucao by what the PSP says of it; the ledger gets its line once. */
async function settle(
  tx: Executor,
  refund: PixRefundRow,
  outcome: { state: "done" } | { state: "failed"; reason: string },
  pspStatus: string | null,
  now: Date,
) {
  const [moved] = await tx
    .update(pixRefunds)
    .set({
      state: outcome.state,
      pspStatus,
      reason: outcome.state === "failed" ? outcome.reason : null,
      settledAt: now,
      nextAttemptAt: null,
    })
    .where(and(eq(pixRefunds.id, refund.id), eq(pixRefunds.state, "requested")))
    .returning();
  if (!moved) return;
  await recordMoneyEvent(
    tx,
    {
      source: "api-pix",
      sourceId: `devolucao ${refund.id} ${outcome.state === "done" ? "devolvida" : "não realizada"}`,
      kind: outcome.state === "done" ? "refund-sent" : "refund-failed",
      method: "pix",
      amountCents: refund.amountCents,
      currency: "BRL",
      receivedAt: now,
      origin: "API Pix",
      reference: refund.reference,
      description:
        outcome.state === "done"
          ? pixRefundCopy.done(refund.endToEndId)
          : pixRefundCopy.failed(refund.endToEndId, outcome.reason),
    },
    now,
  );
}

/** What the PSP answered about a devolucao, applied to ours. */
async function applyAnswer(refund: PixRefundRow, answer: PixRefund, now: Date) {
  await withTransaction(async (tx) => {
    if (answer.status === "DEVOLVIDO") {
      await settle(tx, refund, { state: "done" }, answer.status, now);
    } else if (answer.status === "NAO_REALIZADO") {
      const reason = answer.motivo ?? pixRefundCopy.noReason;
      await settle(tx, refund, { state: "failed", reason }, answer.status, now);
    } else {
      await tx
        .update(pixRefunds)
        .set({
          pspStatus: answer.status,
          nextAttemptAt: new Date(now.getTime() + PROCESSING_RECHECK_MS),
        })
        .where(and(eq(pixRefunds.id, refund.id), eq(pixRefunds.state, "requested")));
    }
  });
}

/** One attempt at a requested devolucao: sent (or asked about, once the PSP has it). */
async function attempt(refund: PixRefundRow, now: Date, client: ApiPixClient) {
  try {
    const answer =
      refund.pspStatus === null
        ? await client.refund(refund.endToEndId, refund.id, centsText(refund.amountCents))
        : await client.getRefund(refund.endToEndId, refund.id);
    if (!answer) throw new PixApiRefusedError(404, pixRefundCopy.unknownAtPsp);
    await applyAnswer(refund, answer, now);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    getLogger().warn({ id: refund.id, err: message }, "pix refund not sent");
    if (error instanceof PixApiRefusedError || refund.attempts + 1 >= MAX_ATTEMPTS) {
      const reason =
        error instanceof PixApiRefusedError ? pixRefundCopy.refused(error.problem) : message;
      await withTransaction((tx) => settle(tx, refund, { state: "failed", reason }, null, now));
      return;
    }
    const db = await getDb();
    await db
      .update(pixRefunds)
      .set({
        attempts: refund.attempts + 1,
        nextAttemptAt: new Date(now.getTime() + 2 ** (refund.attempts + 1) * 5_000),
      })
      .where(eq(pixRefunds.id, refund.id));
  }
}

/** The worker: sends the devolucoes due; returns when the next one is. */
export async function sendPixRefunds(
  now: Date,
  client: ApiPixClient | null = apiPix(),
): Promise<Date | null> {
  if (!client) return null;
  const db = await getDb();
  const due = await db
    .select()
    .from(pixRefunds)
    .where(
      and(
        eq(pixRefunds.state, "requested"),
        isNotNull(pixRefunds.nextAttemptAt),
        lte(pixRefunds.nextAttemptAt, now),
      ),
    )
    .orderBy(asc(pixRefunds.nextAttemptAt))
    .limit(50);
  for (const refund of due) await attempt(refund, now, client);
  const [next] = await db
    .select({ at: sql<Date | null>`min(${pixRefunds.nextAttemptAt})` })
    .from(pixRefunds)
    .where(eq(pixRefunds.state, "requested"));
  return next?.at ? new Date(next.at) : null;
}

/** The PSP's webhook or a poll reported a Pix with its devolucoes: ours are settled. */
export async function settlePixRefunds(reported: readonly PixRefund[], now: Date): Promise<void> {
  if (reported.length === 0) return;
  const db = await getDb();
  const ours = await db
    .select()
    .from(pixRefunds)
    .where(
      and(
        inArray(
          pixRefunds.id,
          reported.map((refund) => refund.id),
        ),
        eq(pixRefunds.state, "requested"),
      ),
    );
  for (const refund of ours) {
    const answer = reported.find((item) => item.id === refund.id);
    if (answer) await applyAnswer(refund, answer, now);
  }
}

/** What /admin/pagamentos lists: the newest devolucoes with their state and reason. */
export async function listPixRefunds(limit = 50): Promise<PixRefundRow[]> {
  const db = await getDb();
  return db.select().from(pixRefunds).orderBy(desc(pixRefunds.requestedAt)).limit(limit);
}
