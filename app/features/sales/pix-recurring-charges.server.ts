// Each renewal under an approved mandate, charged by Pix Automático (docs/decisions/357): the
// renew move creates the cycle's charge at D-7 as for everyone; the worker sends it to the PSP
// (`PUT /cobr/{txid}`, due on the cycle's date) and the payer's bank debits it on that day.
// After a failed attempt it asks for a retry (`POST /cobr/{txid}/retentativa/{data}`, three
// within seven days, the mandate's policy). The Pix that pays it (webhookcobr, the Pix webhook
// or polling) is applied to the renewal once, through the ledger (pix-receipts.server.ts). A
// cycle above the mandate's ceiling, or one the PSP refuses, stays the renewal charge it is,
// paid by hand.
import { and, asc, eq, gte, inArray, isNull, lte, notExists, sql } from "drizzle-orm";
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

/** The cobr's txid: "R", the renewal's reference and 21 characters of its id, 35 in all. */
export function recurringTxid(charge: { reference: string; id: string }): string {
  return `R${charge.reference}${charge.id.replaceAll("-", "").slice(0, 21)}`;
}

/**
 * The mandate that is to debit a renewal of `amountBrlCents`: the subscription's approved one,
 * not being cancelled, whose ceiling holds the amount; null when there is none.
 */
export async function debitingMandateOf(
  tx: Executor,
  subscriptionId: string,
  amountBrlCents: number,
): Promise<{ id: string } | null> {
  if (amountBrlCents <= 0) return null;
  const [mandate] = await tx
    .select({ id: pixMandates.id })
    .from(pixMandates)
    .where(
      and(
        eq(pixMandates.subscriptionId, subscriptionId),
        eq(pixMandates.state, "approved"),
        isNull(pixMandates.cancelRequestedAt),
        gte(pixMandates.ceilingBrlCents, amountBrlCents),
      ),
    );
  return mandate ?? null;
}

/**
 * In the renewal's transaction (the seam, renewal-charge-method.server.ts): the cycle's cobr
 * under `mandate` (debitingMandateOf's), for the worker to send. Its e-mail does not wait: it
 * says the debit's amount and day.
 */
export async function queueRecurringChargeLocked(
  tx: Executor,
  charge: ChargeRow,
  mandate: { id: string },
  now: Date,
): Promise<boolean> {
  await tx
    .insert(pixRecurringCharges)
    .values({
      txid: recurringTxid(charge),
      chargeId: charge.id,
      mandateId: mandate.id,
      amountBrlCents: charge.totalBrlCents,
      dueDate: charge.dueDate,
      nextAttemptAt: now,
    })
    .onConflictDoNothing();
  return false;
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

/** Takes one pending or scheduled charge for an attempt (a lease), or null when another has it. */
async function claim(txid: string, state: "pending" | "scheduled", now: Date, leaseMs: number) {
  const db = await getDb();
  const [row] = await db
    .update(pixRecurringCharges)
    .set({
      attempts: state === "pending" ? sql`${pixRecurringCharges.attempts} + 1` : undefined,
      nextAttemptAt: new Date(now.getTime() + leaseMs),
    })
    .where(
      and(
        eq(pixRecurringCharges.txid, txid),
        eq(pixRecurringCharges.state, state),
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
 * Charges sent at once by a round (docs/decisions/445): each waits on the PSP and on two
 * statements, so a few in flight keep both busy; each has its own claim, so they never share
 * a charge. Below the worker's pool (cores + 1), leaving room to its e-mails.
 */
const SENDS_IN_FLIGHT = 4;

type DueRecurringCharge = { txid: string; idRec: string; cycle: number; robotName: string };

/** Sends one pending charge, if this round's claim takes it; true once the PSP scheduled it. */
async function sendRecurringCharge(
  item: DueRecurringCharge,
  now: Date,
  client: ApiPixClient,
): Promise<boolean> {
  const env = getEnv();
  if (!env.BANK_ACCOUNT) return false;
  const row = await claim(item.txid, "pending", now, ATTEMPT_LEASE_MS);
  if (!row) return false;
  try {
    await createRecurringCharge(client, row.txid, {
      idRec: item.idRec,
      dueDate: row.dueDate,
      valor: centsText(row.amountBrlCents),
      info: mandateCopy.chargeInfo(item.robotName, item.cycle),
      account: { branch: env.BANK_BRANCH, number: env.BANK_ACCOUNT, type: "CORRENTE" },
    });
    await settle(row.txid, "pending", {
      state: "scheduled",
      scheduledAt: now,
      lastError: null,
      nextAttemptAt: localInstant(row.dueDate),
    });
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    getLogger().warn({ txid: row.txid, err: message }, "pix recurring charge not sent");
    const last = error instanceof PixApiRefusedError || row.attempts >= MAX_ATTEMPTS;
    await settle(
      row.txid,
      "pending",
      last
        ? { state: "failed", lastError: message, settledAt: now }
        : {
            lastError: message,
            nextAttemptAt: new Date(now.getTime() + 2 ** row.attempts * 5_000),
          },
    );
    return false;
  }
}

/** Sends the pending charges to the PSP, a few at a time; returns how many it scheduled. */
export async function sendRecurringCharges(now: Date, client: ApiPixClient): Promise<number> {
  if (!getEnv().BANK_ACCOUNT) return 0;
  const db = await getDb();
  const due: DueRecurringCharge[] = await db
    .select({
      txid: pixRecurringCharges.txid,
      idRec: pixMandates.idRec,
      cycle: subscriptionCharges.cycle,
      robotName: subscriptions.robotName,
    })
    .from(pixRecurringCharges)
    .innerJoin(pixMandates, eq(pixMandates.id, pixRecurringCharges.mandateId))
    .innerJoin(subscriptionCharges, eq(subscriptionCharges.id, pixRecurringCharges.chargeId))
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCharges.subscriptionId))
    .where(
      and(eq(pixRecurringCharges.state, "pending"), lte(pixRecurringCharges.nextAttemptAt, now)),
    )
    .orderBy(asc(pixRecurringCharges.nextAttemptAt))
    .limit(PER_RUN);
  let scheduled = 0;
  let next = 0;
  const lane = async () => {
    while (next < due.length) {
      const item = due[next++]!;
      if (await sendRecurringCharge(item, now, client)) scheduled += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(SENDS_IN_FLIGHT, due.length) }, lane));
  return scheduled;
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
    const row = await claim(txid, "scheduled", now, CHECK_EVERY_MS);
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
