// Each renewal under an approved mandate, charged by Pix Automático (docs/decisions/357): the
// renew move creates the cycle's charge at D-7 as for everyone; the worker sends it to the PSP
// (`PUT /cobr/{txid}`, due on the cycle's date) and the payer's bank debits it on that day.
// After a failed attempt it asks for a retry (`POST /cobr/{txid}/retentativa/{data}`, three
// within seven days, the mandate's policy). The Pix that pays it (webhookcobr, the Pix webhook
// or polling) is applied to the renewal once, through the ledger (pix-receipts.server.ts). A
// cycle above the mandate's ceiling, or one the PSP refuses, stays the renewal charge it is,
// paid by hand.
import { and, asc, eq, inArray, isNull, lte, notExists, sql } from "drizzle-orm";
import {
  pixDueCharges,
  pixMandates,
  pixRecurringCharges,
  subscriptionCharges,
  subscriptions,
} from "../../../db/schema.ts";
import { getDb, withTransaction, type Executor } from "../../platform/db/db.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import { PixApiRefusedError, type ApiPixClient } from "../../platform/payments/api-pix.server.ts";
import {
  createRecurringCharge,
  getRecurringCharge,
  retryRecurringCharge,
  type Cobr,
} from "../../platform/payments/api-pix-recurrence.server.ts";
import { mandateCopy } from "../../content/pix-automatico.ts";
import { centsText } from "../orders/money.ts";
import { receivePix } from "../orders/pix-receipts.server.ts";
import type { PixReceiptSource } from "../orders/model.ts";
import { addDays, daysBetween, localDate, localInstant } from "../subscriptions/calendar.ts";
import type { ChargeRow } from "../subscriptions/subscriptions.server.ts";
import { MAX_RETRIES, RETRY_WINDOW_DAYS } from "./pix-automatico.ts";

const MAX_ATTEMPTS = 6;
const ATTEMPT_LEASE_MS = 30_000;
/** A scheduled charge is asked about (GET /cobr) this often from its due date on. */
const CHECK_EVERY_MS = 3_600_000;
const PER_RUN = 50;
/** Pending charges a round of the job sends (one claim, then SENDS_IN_FLIGHT at a time). */
const SENDS_PER_RUN = 200;

/** The cobr's txid: "R", the renewal's reference and 21 characters of its id, 35 in all. */
export function recurringTxid(charge: { reference: string; id: string }): string {
  return `R${charge.reference}${charge.id.replaceAll("-", "").slice(0, 21)}`;
}

/** An approved mandate, not being cancelled, that may debit its subscription's renewals. */
export interface DebitingMandate {
  id: string;
  subscriptionId: string;
  ceilingBrlCents: number;
}

/**
 * The renewal sweep's batch (docs/decisions/475): the approved mandates, not being cancelled,
 * of these subscriptions, in one statement; `debitingMandateIn` picks the one whose ceiling
 * holds a cycle's amount.
 */
export async function debitingMandatesOf(
  tx: Executor,
  subscriptionIds: readonly string[],
): Promise<Map<string, DebitingMandate[]>> {
  const bySubscription = new Map<string, DebitingMandate[]>();
  if (subscriptionIds.length === 0) return bySubscription;
  const rows = await tx
    .select({
      id: pixMandates.id,
      subscriptionId: pixMandates.subscriptionId,
      ceilingBrlCents: pixMandates.ceilingBrlCents,
    })
    .from(pixMandates)
    .where(
      and(
        inArray(pixMandates.subscriptionId, [...subscriptionIds]),
        eq(pixMandates.state, "approved"),
        isNull(pixMandates.cancelRequestedAt),
      ),
    );
  for (const { subscriptionId, ...mandate } of rows) {
    if (!subscriptionId) continue;
    const list = bySubscription.get(subscriptionId) ?? [];
    list.push({ ...mandate, subscriptionId });
    bySubscription.set(subscriptionId, list);
  }
  return bySubscription;
}

/** Of debitingMandatesOf's, the mandate that is to debit `amountBrlCents`, or null. */
export function debitingMandateIn(
  mandates: Map<string, DebitingMandate[]>,
  subscriptionId: string,
  amountBrlCents: number,
): DebitingMandate | null {
  if (amountBrlCents <= 0) return null;
  return (
    mandates.get(subscriptionId)?.find((mandate) => mandate.ceilingBrlCents >= amountBrlCents) ??
    null
  );
}

/**
 * In the renewal's transaction (the seam, renewal-charge-method.server.ts): each cycle's cobr
 * under its mandate (debitingMandateIn's), for the worker to send, by one statement. Their
 * e-mails do not wait: they say the debit's amount and day. Returns the txids queued.
 */
export async function queueRecurringChargesLocked(
  tx: Executor,
  items: readonly { charge: ChargeRow; mandate: { id: string } }[],
  now: Date,
): Promise<string[]> {
  if (items.length === 0) return [];
  const rows = await tx
    .insert(pixRecurringCharges)
    .values(
      items.map(({ charge, mandate }) => ({
        txid: recurringTxid(charge),
        chargeId: charge.id,
        mandateId: mandate.id,
        amountBrlCents: charge.totalBrlCents,
        dueDate: charge.dueDate,
        nextAttemptAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ txid: pixRecurringCharges.txid });
  return rows.map((row) => row.txid);
}

/**
 * Queues the cobr of each open renewal whose subscription has an approved mandate, not being
 * cancelled, and whose amount is within the mandate's ceiling: a renewal made before the
 * mandate was approved. One that has a due-date charge already keeps it: the customer was
 * sent its code, and a cycle is charged once. Returns how many it queued.
 */
export async function queueRecurringCharges(now: Date): Promise<number> {
  const today = localDate(now);
  const queued = await withTransaction(async (tx) => {
    const due = await tx
      .select({ charge: subscriptionCharges, mandateId: pixMandates.id })
      .from(subscriptionCharges)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCharges.subscriptionId))
      .innerJoin(pixMandates, eq(pixMandates.subscriptionId, subscriptions.id))
      .where(
        and(
          eq(subscriptionCharges.state, "open"),
          eq(pixMandates.state, "approved"),
          sql`${pixMandates.cancelRequestedAt} is null`,
          inArray(subscriptions.state, ["active", "past-due"]),
          sql`${subscriptionCharges.totalBrlCents} > 0`,
          lte(subscriptionCharges.totalBrlCents, pixMandates.ceilingBrlCents),
          // Past its retries' window there is nothing left for the PSP to collect.
          sql`${subscriptionCharges.dueDate} >= ${addDays(today, -RETRY_WINDOW_DAYS)}`,
          notExists(
            tx
              .select({ txid: pixRecurringCharges.txid })
              .from(pixRecurringCharges)
              .where(eq(pixRecurringCharges.chargeId, subscriptionCharges.id)),
          ),
          notExists(
            tx
              .select({ txid: pixDueCharges.txid })
              .from(pixDueCharges)
              .where(
                and(
                  eq(pixDueCharges.chargeId, subscriptionCharges.id),
                  inArray(pixDueCharges.state, ["pending", "active"]),
                ),
              ),
          ),
        ),
      )
      .limit(PER_RUN * 4);
    if (due.length === 0) return 0;
    const rows = await tx
      .insert(pixRecurringCharges)
      .values(
        due.map(({ charge, mandateId }) => ({
          txid: recurringTxid(charge),
          chargeId: charge.id,
          mandateId,
          amountBrlCents: charge.totalBrlCents,
          dueDate: charge.dueDate,
          nextAttemptAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ txid: pixRecurringCharges.txid });
    return rows.length;
  });
  return queued;
}

/** Takes one scheduled charge for a check (a lease), or null when another has it. */
async function claimScheduled(txid: string, now: Date, leaseMs: number) {
  const db = await getDb();
  const [row] = await db
    .update(pixRecurringCharges)
    .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(
      and(
        eq(pixRecurringCharges.txid, txid),
        eq(pixRecurringCharges.state, "scheduled"),
        lte(pixRecurringCharges.nextAttemptAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

async function settle(
  txid: string,
  from: "pending" | "scheduled",
  set: Partial<typeof pixRecurringCharges.$inferInsert>,
) {
  const db = await getDb();
  await db
    .update(pixRecurringCharges)
    .set(set)
    .where(and(eq(pixRecurringCharges.txid, txid), eq(pixRecurringCharges.state, from)));
}

/**
 * Charges sent at once (docs/decisions/445, 475): each waits on the PSP only, its claim and
 * its outcome being taken and written for many by one statement, so as many as the API Pix
 * client keeps connections (its agent's maxSockets) are in flight.
 */
const SENDS_IN_FLIGHT = 8;
/** Scheduled charges are written by one statement for up to this many. */
const SETTLE_BATCH = 50;

interface ClaimedRecurringCharge {
  txid: string;
  idRec: string;
  cycle: number;
  robotName: string;
  dueDate: string;
  amountBrlCents: number;
  attempts: number;
}

/**
 * Takes the pending charges among `txids` for an attempt (a lease), by one statement: a charge
 * another attempt holds, or no longer pending, is left out.
 */
async function claimPending(
  txids: readonly string[],
  now: Date,
): Promise<ClaimedRecurringCharge[]> {
  if (txids.length === 0) return [];
  const db = await getDb();
  return (
    db
      .update(pixRecurringCharges)
      .set({
        attempts: sql`${pixRecurringCharges.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + ATTEMPT_LEASE_MS),
      })
      // An UPDATE's joins cannot name the updated table: its links are in the WHERE.
      .from(subscriptionCharges)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCharges.subscriptionId))
      .innerJoin(pixMandates, sql`true`)
      .where(
        and(
          eq(subscriptionCharges.id, pixRecurringCharges.chargeId),
          eq(pixMandates.id, pixRecurringCharges.mandateId),
          inArray(pixRecurringCharges.txid, [...txids]),
          eq(pixRecurringCharges.state, "pending"),
          lte(pixRecurringCharges.nextAttemptAt, now),
        ),
      )
      .returning({
        txid: pixRecurringCharges.txid,
        idRec: pixMandates.idRec,
        cycle: subscriptionCharges.cycle,
        robotName: subscriptions.robotName,
        dueDate: pixRecurringCharges.dueDate,
        amountBrlCents: pixRecurringCharges.amountBrlCents,
        attempts: pixRecurringCharges.attempts,
      })
  );
}

/** Writes charges the PSP scheduled, one statement per due date among them. */
async function settleScheduled(rows: readonly ClaimedRecurringCharge[], now: Date) {
  const byDueDate = new Map<string, string[]>();
  for (const row of rows)
    byDueDate.set(row.dueDate, [...(byDueDate.get(row.dueDate) ?? []), row.txid]);
  const db = await getDb();
  for (const [dueDate, txids] of byDueDate) {
    await db
      .update(pixRecurringCharges)
      .set({
        state: "scheduled",
        scheduledAt: now,
        lastError: null,
        nextAttemptAt: localInstant(dueDate),
      })
      .where(
        and(inArray(pixRecurringCharges.txid, txids), eq(pixRecurringCharges.state, "pending")),
      );
  }
}

/**
 * Sends one claimed charge to the PSP. A failure is written at once: refused or at its last
 * attempt, the charge failed; else it is tried again later, and the answer says when.
 */
async function sendClaimed(
  row: ClaimedRecurringCharge,
  now: Date,
  client: ApiPixClient,
  env: { BANK_BRANCH: string | undefined; BANK_ACCOUNT: string },
): Promise<{ scheduled: true } | { scheduled: false; retryAt: Date | null }> {
  try {
    await createRecurringCharge(client, row.txid, {
      idRec: row.idRec,
      dueDate: row.dueDate,
      valor: centsText(row.amountBrlCents),
      info: mandateCopy.chargeInfo(row.robotName, row.cycle),
      account: { branch: env.BANK_BRANCH, number: env.BANK_ACCOUNT, type: "CORRENTE" },
    });
    return { scheduled: true };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    getLogger().warn({ txid: row.txid, err: message }, "pix recurring charge not sent");
    const last = error instanceof PixApiRefusedError || row.attempts >= MAX_ATTEMPTS;
    const retryAt = last ? null : new Date(now.getTime() + 2 ** row.attempts * 5_000);
    await settle(
      row.txid,
      "pending",
      retryAt
        ? { lastError: message, nextAttemptAt: retryAt }
        : { state: "failed", lastError: message, settledAt: now },
    );
    // Refused: that charge's own fault. Else the PSP is away, for the others too.
    return { scheduled: false, retryAt: error instanceof PixApiRefusedError ? null : retryAt };
  }
}

/**
 * Sends the pending charges among `txids` (claimed by one statement), SENDS_IN_FLIGHT at a
 * time, writing the scheduled ones SETTLE_BATCH at a time. Once the PSP is away (a send failed
 * other than by a refusal), the charges not yet tried are given back untouched, due at that
 * send's retry, and `stopped` says so. A process killed meanwhile leaves its claims to lapse:
 * the charge is sent again with its txid, and the PSP's answer that it holds it already (the
 * same recurrence and amount) counts as scheduled (createRecurringCharge).
 */
export async function sendPendingRecurringCharges(
  txids: readonly string[],
  now: Date,
  client: ApiPixClient,
): Promise<{ scheduled: number; stopped: boolean }> {
  const env = getEnv();
  if (!env.BANK_ACCOUNT || txids.length === 0) return { scheduled: 0, stopped: false };
  const account = { BANK_BRANCH: env.BANK_BRANCH, BANK_ACCOUNT: env.BANK_ACCOUNT };
  const claimed = await claimPending(txids, now);
  let scheduled: ClaimedRecurringCharge[] = [];
  let count = 0;
  let written = Promise.resolve();
  const flush = () => {
    const rows = scheduled;
    scheduled = [];
    if (rows.length === 0) return written;
    // Not written (the database away): the claims lapse and the charges are sent again.
    written = written
      .then(() => settleScheduled(rows, now))
      .catch((error: unknown) =>
        getLogger().warn(
          { err: error instanceof Error ? error.message : String(error) },
          "scheduled pix recurring charges not written",
        ),
      );
    return written;
  };
  let next = 0;
  let retryAt: Date | null = null;
  const lane = async () => {
    while (next < claimed.length && !retryAt) {
      const row = claimed[next++]!;
      const sent = await sendClaimed(row, now, client, account);
      if (!sent.scheduled) {
        retryAt ??= sent.retryAt;
        continue;
      }
      count += 1;
      scheduled.push(row);
      if (scheduled.length >= SETTLE_BATCH) void flush();
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(SENDS_IN_FLIGHT, claimed.length) }, lane));
  } finally {
    await flush();
  }
  const untried = claimed.slice(next).map((row) => row.txid);
  if (retryAt && untried.length > 0) {
    const db = await getDb();
    await db
      .update(pixRecurringCharges)
      .set({ attempts: sql`${pixRecurringCharges.attempts} - 1`, nextAttemptAt: retryAt })
      .where(
        and(inArray(pixRecurringCharges.txid, untried), eq(pixRecurringCharges.state, "pending")),
      );
  }
  return { scheduled: count, stopped: retryAt !== null };
}

/** Sends the pending charges due to the PSP; returns how many it scheduled. */
export async function sendRecurringCharges(now: Date, client: ApiPixClient): Promise<number> {
  if (!getEnv().BANK_ACCOUNT) return 0;
  const db = await getDb();
  const due = await db
    .select({ txid: pixRecurringCharges.txid })
    .from(pixRecurringCharges)
    .where(
      and(eq(pixRecurringCharges.state, "pending"), lte(pixRecurringCharges.nextAttemptAt, now)),
    )
    .orderBy(asc(pixRecurringCharges.nextAttemptAt))
    .limit(SENDS_PER_RUN);
  const sent = await sendPendingRecurringCharges(
    due.map((row) => row.txid),
    now,
    client,
  );
  return sent.scheduled;
}

/** Whether a pending charge is due to be sent (one a round left, a day's renewals). */
export async function recurringChargesDue(now: Date): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ txid: pixRecurringCharges.txid })
    .from(pixRecurringCharges)
    .where(
      and(eq(pixRecurringCharges.state, "pending"), lte(pixRecurringCharges.nextAttemptAt, now)),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * What the PSP says of a recurring charge (webhookcobr or GET /cobr): its Pix applied through
 * the ledger, and the row settled when the charge is over. Returns the row's state after.
 */
export async function applyRecurringChargeState(
  cobr: Pick<Cobr, "txid" | "status" | "pix">,
  source: PixReceiptSource,
  now: Date,
): Promise<"paid" | "failed" | "cancelled" | "scheduled" | null> {
  if (cobr.pix?.length) await receivePix(cobr.pix, source, now);
  const db = await getDb();
  const [row] = await db
    .select({ state: pixRecurringCharges.state })
    .from(pixRecurringCharges)
    .where(eq(pixRecurringCharges.txid, cobr.txid));
  if (!row) return null;
  if (row.state !== "scheduled" && row.state !== "pending") return row.state;
  const next =
    cobr.status === "CONCLUIDA"
      ? "paid"
      : cobr.status === "CANCELADA"
        ? "cancelled"
        : cobr.status === "REJEITADA" || cobr.status === "EXPIRADA"
          ? "failed"
          : null;
  if (!next) return "scheduled";
  await settle(cobr.txid, row.state, { state: next, settledAt: now });
  return next;
}

/**
 * From the due date on, asks the PSP about each scheduled charge: applies what it settled,
 * and after a failed attempt asks for the next day's retry while the policy allows one.
 */
export async function checkRecurringCharges(now: Date, client: ApiPixClient): Promise<number> {
  const db = await getDb();
  const due = await db
    .select({ txid: pixRecurringCharges.txid })
    .from(pixRecurringCharges)
    .where(
      and(eq(pixRecurringCharges.state, "scheduled"), lte(pixRecurringCharges.nextAttemptAt, now)),
    )
    .orderBy(asc(pixRecurringCharges.nextAttemptAt))
    .limit(PER_RUN);
  const today = localDate(now);
  for (const { txid } of due) {
    const row = await claimScheduled(txid, now, CHECK_EVERY_MS);
    if (!row) continue;
    try {
      const cobr = await getRecurringCharge(client, txid);
      if (!cobr) {
        await settle(txid, "scheduled", {
          state: "failed",
          lastError: "cobrança desconhecida do PSP",
          settledAt: now,
        });
        continue;
      }
      if ((await applyRecurringChargeState(cobr, "poll", now)) !== "scheduled") continue;
      const last = cobr.tentativas?.at(-1);
      if (last?.status !== "REJEITADA") continue;
      const daysLate = daysBetween(row.dueDate, today);
      if (row.retries >= MAX_RETRIES || daysLate >= RETRY_WINDOW_DAYS) {
        await settle(txid, "scheduled", {
          state: "failed",
          lastError: "tentativas esgotadas",
          settledAt: now,
        });
        continue;
      }
      const day = addDays(today, 1);
      await retryRecurringCharge(client, txid, day);
      await settle(txid, "scheduled", {
        retries: row.retries + 1,
        nextAttemptAt: localInstant(day),
      });
    } catch (error) {
      getLogger().warn(
        { txid, err: error instanceof Error ? error.message : String(error) },
        "pix recurring charge not checked",
      );
    }
  }
  return due.length;
}
