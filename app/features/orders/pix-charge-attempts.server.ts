// The one retry loop for creating a charge at the PSP (API Pix `cob` for an order, `cobv`
// for a renewal: docs/decisions/352, 365): each attempt takes a lease on its pending row, so
// the page and the worker never both call; a refusal or the last attempt fails it, anything
// else is retried with backoff.
import { and, eq, lte, sql } from "drizzle-orm";
import { pixCharges, type pixDueCharges } from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import { PixApiRefusedError } from "../../platform/payments/api-pix.server.ts";

/** Attempts at creating a charge before it falls back to the static code. */
const MAX_ATTEMPTS = 6;
/** How long one attempt holds a pending charge, so the page and the worker do not both call. */
const ATTEMPT_LEASE_MS = 30_000;

type ChargeTable = typeof pixCharges | typeof pixDueCharges;

/** A charge that cannot be made, whatever the PSP says (no time left, no payer's document). */
export class ChargeNotPossible extends Error {}

export type ChargeSettlement =
  { state: "active"; copyPaste: string; activeAt: Date } | { state: "failed" };

/**
 * One attempt at creating the pending charge `txid` of `table`: `create` calls the PSP and
 * answers the copia e cola, `settle` moves the pending row to active or failed (with what
 * goes with it). Returns the state afterwards, or null when another attempt held it.
 */
export async function attemptCharge<Table extends ChargeTable>(
  table: Table,
  txid: string,
  now: Date,
  create: (pending: Table["$inferSelect"]) => Promise<string>,
  settle: (change: ChargeSettlement, error: string | null) => Promise<void>,
): Promise<"active" | "pending" | "failed" | null> {
  const db = await getDb();
  const charges: ChargeTable = table;
  const [pending] = await db
    .update(charges)
    .set({
      attempts: sql`${charges.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + ATTEMPT_LEASE_MS),
    })
    .where(
      and(eq(charges.txid, txid), eq(charges.state, "pending"), lte(charges.nextAttemptAt, now)),
    )
    .returning();
  if (!pending) return null;
  try {
    const copyPaste = await create(pending as Table["$inferSelect"]);
    await settle({ state: "active", copyPaste, activeAt: now }, null);
    return "active";
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof ChargeNotPossible) {
      await settle({ state: "failed" }, message);
      return "failed";
    }
    getLogger().warn(
      {
        txid,
        table: charges === pixCharges ? "cob" : "cobv",
        attempt: pending.attempts,
        err: message,
      },
      "pix charge not created",
    );
    if (error instanceof PixApiRefusedError || pending.attempts >= MAX_ATTEMPTS) {
      await settle({ state: "failed" }, message);
      return "failed";
    }
    await db
      .update(charges)
      .set({
        lastError: message,
        nextAttemptAt: new Date(now.getTime() + 2 ** pending.attempts * 5_000),
      })
      .where(eq(charges.txid, txid));
    return "pending";
  }
}
