// An order's own PIX charge at the PSP (API Pix `cob`, docs/decisions/352). The acceptance's
// transaction only queues it (no network call under the order's locks); the order page the
// person lands on, or the worker, creates it at the PSP, and the one that turns it active
// queues the e-mail with its copia e cola. A PSP that refuses it leaves the static BR Code.
import { and, asc, eq, lte, min } from "drizzle-orm";
import { pixCharges } from "../../../db/schema.ts";
import { getDb, withTransaction, type Executor } from "../../platform/db/db.server.ts";
import {
  apiPix,
  PixApiRefusedError,
  type ApiPixClient,
} from "../../platform/payments/api-pix.server.ts";
import { pixChargeCopy } from "../../content/pix.ts";
import { queuePaymentInstructions } from "./order-mail.server.ts";
import {
  attemptCharge,
  ChargeNotPossible,
  type ChargeSettlement,
} from "./pix-charge-attempts.server.ts";
import { centsText } from "./money.ts";
import { pixQrSvg, sitePix } from "./pix.server.ts";

/**
 * The charge's txid: the order's reference and 22 characters of its id, 35 in all (the
 * contract's cob takes 26 to 35 letters and digits), so an attempt repeated after a crash
 * names the same charge.
 */
export function chargeTxid(order: { reference: string; id: string }): string {
  return `${order.reference}${order.id.replaceAll("-", "").slice(0, 22)}`;
}

/**
 * In the transaction that gives an order its amount (acceptance, the first rate): its charge,
 * to be created at the PSP. False when there is no API Pix or nothing to charge.
 */
export async function queuePixChargeLocked(
  tx: Executor,
  order: { id: string; reference: string; totalBrlCents: number | null; deadline: Date },
  now: Date,
  client: ApiPixClient | null = apiPix(),
): Promise<boolean> {
  if (!client || order.totalBrlCents === null || order.totalBrlCents <= 0) return false;
  await tx
    .insert(pixCharges)
    .values({
      txid: chargeTxid(order),
      orderId: order.id,
      amountBrlCents: order.totalBrlCents,
      expiresAt: order.deadline,
      nextAttemptAt: now,
    })
    .onConflictDoNothing();
  return true;
}

/** The charge turned active (the person's e-mail queued with its code) or failed. */
async function settle(txid: string, change: ChargeSettlement, error: string | null) {
  await withTransaction(async (tx) => {
    const [charge] = await tx
      .update(pixCharges)
      .set({ ...change, lastError: error })
      .where(and(eq(pixCharges.txid, txid), eq(pixCharges.state, "pending")))
      .returning({ orderId: pixCharges.orderId });
    // The e-mail the charge held back goes now, with its code or the static one.
    if (charge) await queuePaymentInstructions(tx, charge.orderId);
  });
}

/**
 * One attempt at creating a pending charge at the PSP (pix-charge-attempts.server.ts).
 * Returns the charge's state afterwards, or null when another attempt held it.
 */
export async function createPendingCharge(
  txid: string,
  now: Date,
  client: ApiPixClient | null = apiPix(),
): Promise<"active" | "pending" | "failed" | null> {
  if (!client) return null;
  return attemptCharge(
    pixCharges,
    txid,
    now,
    async (charge) => {
      const seconds = Math.floor((charge.expiresAt.getTime() - now.getTime()) / 1000);
      if (seconds <= 0) {
        throw new ChargeNotPossible("prazo do pedido encerrado antes da criação da cobrança");
      }
      const cob = await client.createCob({
        txid,
        valor: centsText(charge.amountBrlCents),
        expiresInSeconds: seconds,
        message: pixChargeCopy.payerMessage(charge.txid.slice(0, 13)),
      });
      if (!cob.pixCopiaECola) throw new PixApiRefusedError(201, "cobrança sem pixCopiaECola");
      return cob.pixCopiaECola;
    },
    (change, error) => settle(txid, change, error),
  );
}

/** Creates the pending charges that are due; returns when the next one falls due. */
export async function createDueCharges(
  now: Date,
  client: ApiPixClient | null = apiPix(),
): Promise<Date | null> {
  if (!client) return null;
  const db = await getDb();
  const due = await db
    .select({ txid: pixCharges.txid })
    .from(pixCharges)
    .where(and(eq(pixCharges.state, "pending"), lte(pixCharges.nextAttemptAt, now)))
    .orderBy(asc(pixCharges.nextAttemptAt))
    .limit(50);
  for (const { txid } of due) await createPendingCharge(txid, now, client);
  const [next] = await db
    .select({ at: min(pixCharges.nextAttemptAt) })
    .from(pixCharges)
    .where(eq(pixCharges.state, "pending"));
  return next?.at ?? null;
}

/**
 * The PIX an order page shows: its own charge's code when the PSP has it (created now if it
 * is still pending, so the person who just accepted sees it at once), else the static code.
 */
export async function orderPix(
  order: { id: string; reference: string; totalBrlCents: number },
  now: Date,
  client: ApiPixClient | null = apiPix(),
): Promise<{ code: string; qrSvg: string; dynamic: boolean } | null> {
  if (client) {
    const db = await getDb();
    let [charge] = await db.select().from(pixCharges).where(eq(pixCharges.orderId, order.id));
    if (charge?.state === "pending") {
      await createPendingCharge(charge.txid, now, client);
      [charge] = await db.select().from(pixCharges).where(eq(pixCharges.orderId, order.id));
    }
    if (charge?.state === "active" && charge.copyPaste) {
      return { code: charge.copyPaste, qrSvg: await pixQrSvg(charge.copyPaste), dynamic: true };
    }
  }
  const pix = await sitePix({ amountBrlCents: order.totalBrlCents, txid: order.reference });
  return pix && { ...pix, dynamic: false };
}
