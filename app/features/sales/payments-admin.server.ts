// "Pagamentos a resolver" (docs/decisions/331): staff apply a waiting money event to an order
// or charge by its reference (the pay move reinstates an order whose spot is still free, or
// it stays waiting with the new reason), or record that they sent the money back.
import { and, eq } from "drizzle-orm";
import { moneyEvents } from "../../../db/schema.ts";
import { getDb, withTransaction } from "../../platform/db/db.server.ts";
import { paymentsAdminCopy as copy, refundCopy } from "../../content/sales.ts";
import { waitingMoney, type MoneyEventRow } from "./ledger.server.ts";
import { lockInOrder } from "./locks.server.ts";
import type { RefundDestination } from "./model.ts";
import { applyMoney, targetOfReference } from "./pay.server.ts";
import { transition } from "./transitions.ts";

export async function listWaitingMoney(): Promise<MoneyEventRow[]> {
  return waitingMoney(await getDb());
}

export type ResolveOutcome = { ok: true } | { ok: false; status: 404 | 409; message: string };

async function waitingEvent(eventId: string, move: "pay" | "refund") {
  const db = await getDb();
  const [event] = await db.select().from(moneyEvents).where(eq(moneyEvents.id, eventId));
  if (!event) return { error: { ok: false, status: 404, message: copy.notFound } as const };
  const step = transition("payment", move, event.state);
  if (!step.ok) return { error: { ok: false, status: 409, message: copy.notWaiting } as const };
  return { event };
}

/** Staff apply a waiting event to the order or charge `reference` names. */
export async function applyWaitingMoney(
  eventId: string,
  reference: string,
  actor: string,
  now: Date,
): Promise<ResolveOutcome> {
  const found = await waitingEvent(eventId, "pay");
  if (found.error) return found.error;
  return withTransaction(async (tx): Promise<ResolveOutcome> => {
    const target = await targetOfReference(tx, reference);
    if (!target) return { ok: false, status: 404, message: copy.targetNotFound };
    const [event] = await tx.select().from(moneyEvents).where(eq(moneyEvents.id, eventId));
    if (!event || event.state !== "waiting") {
      return { ok: false, status: 409, message: copy.notWaiting };
    }
    const applied = await applyMoney(
      tx,
      event,
      target,
      { actor, why: "pagamento a resolver aplicado", note: event.description },
      now,
    );
    if (!applied.ok) {
      await tx
        .update(moneyEvents)
        .set({ waitingReason: applied.reason })
        .where(eq(moneyEvents.id, eventId));
      return { ok: false, status: 409, message: applied.reason };
    }
    await tx
      .update(moneyEvents)
      .set({ resolvedBy: actor, resolvedAt: now, resolution: `aplicado a ${reference}` })
      .where(eq(moneyEvents.id, eventId));
    return { ok: true };
  });
}

/** Staff sent a waiting event's money back (to a PIX key or the card). */
export async function refundWaitingMoney(
  eventId: string,
  refund: { destination: RefundDestination; pixKey: string | null; reference: string },
  actor: string,
  now: Date,
): Promise<ResolveOutcome> {
  const found = await waitingEvent(eventId, "refund");
  if (found.error) return found.error;
  return withTransaction(async (tx): Promise<ResolveOutcome> => {
    await lockInOrder(tx, { moneyEventIds: [eventId] });
    const how =
      refund.destination === "pix" ? refundCopy.byPix(refund.pixKey ?? "") : refundCopy.byCard;
    const done = await tx
      .update(moneyEvents)
      .set({
        state: "refunded",
        resolvedBy: actor,
        resolvedAt: now,
        resolution: `devolvido: ${how}; ${refund.reference}`,
      })
      .where(and(eq(moneyEvents.id, eventId), eq(moneyEvents.state, "waiting")))
      .returning({ id: moneyEvents.id });
    return done.length > 0 ? { ok: true } : { ok: false, status: 409, message: copy.notWaiting };
  });
}
