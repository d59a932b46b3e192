// A subscription's Pix Automático mandate (docs/decisions/355-356): the customer asks for it
// in /minha-conta with their CPF; the PSP creates the recurrence on a payload location and we
// show its QR, which they approve at their bank (Jornada 2). Its state comes from the
// `webhookrec` callback and from polling `GET /rec/{idRec}`, in any order and any number of
// times. Ending the subscription asks for the mandate's cancellation in the same transaction;
// the worker sends it (`PATCH /rec/{idRec}`). A mandate the payer cancels or refuses at their
// bank stops its charges; the renewals go back to due-date charges, and the customer and staff
// are e-mailed once.
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or } from "drizzle-orm";
import {
  orders,
  pixMandates,
  pixRecurringCharges,
  subscriptions,
  waitlist,
} from "../../../db/schema.ts";
import { getDb, withTransaction, type Executor } from "../../platform/db/db.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import {
  apiPix,
  PixApiRefusedError,
  type ApiPixClient,
} from "../../platform/payments/api-pix.server.ts";
import {
  cancelRecurrence,
  createRecurrence,
  getRecurrence,
  type Rec,
  type RecStatus,
} from "../../platform/payments/api-pix-recurrence.server.ts";
import { enqueue } from "../../platform/jobs/enqueue.server.ts";
import { mandateCopy } from "../../content/pix-automatico.ts";
import { centsText } from "../orders/money.ts";
import { staffAddress } from "../orders/order-mail.server.ts";
import { currentExchangeRate } from "../orders/orders.server.ts";
import { pixQrSvg } from "../orders/pix.server.ts";
import { customerOf } from "../subscriptions/subscriptions.server.ts";
import { mandateEndedMessage, staffMandateEndedMessage, type MandateEnding } from "./messages.tsx";
import { liveMandateStates, type PixMandateEnder, type PixMandateState } from "./model.ts";
import { mandateCeilingCents } from "./pix-automatico.ts";
import { queueDueChargesForDocument } from "./renewal-due-charges.server.ts";

export type MandateRow = typeof pixMandates.$inferSelect;

/** Approved mandates are asked about again this long after they were last checked. */
const RECHECK_APPROVED_MS = 6 * 3_600_000;
/** Mandates awaiting the payer are asked about this often (a lost webhookrec). */
const RECHECK_AWAITING_MS = 60_000;
const CHECKS_PER_RUN = 50;

const stateOfStatus: Record<RecStatus, PixMandateState> = {
  CRIADA: "awaiting-payer",
  APROVADA: "approved",
  REJEITADA: "rejected",
  EXPIRADA: "expired",
  CANCELADA: "cancelled",
};

/** A state the mandate can reach from another: a late or repeated notice moves nothing back. */
const reachable: Record<PixMandateState, readonly PixMandateState[]> = {
  "awaiting-payer": ["approved", "rejected", "expired", "cancelled"],
  approved: ["cancelled"],
  rejected: [],
  expired: [],
  cancelled: [],
};

function enderOf(solicitante: string | undefined): PixMandateEnder {
  if (solicitante === "USUARIO_RECEBEDOR") return "receiver";
  if (solicitante === "PSP_RECEBEDOR") return "psp";
  return "payer";
}

/** The subscription's latest mandate, live or ended. */
export async function latestMandate(
  tx: Executor,
  subscriptionId: string,
): Promise<MandateRow | null> {
  const [row] = await tx
    .select()
    .from(pixMandates)
    .where(eq(pixMandates.subscriptionId, subscriptionId))
    .orderBy(desc(pixMandates.createdAt), desc(pixMandates.id))
    .limit(1);
  return row ?? null;
}

export type AuthoriseOutcome =
  | { outcome: "created" | "exists"; mandate: MandateRow }
  | { outcome: "not-allowed" | "unavailable" | "refused" | "no-rate" };

/**
 * The customer asks to pay their renewals by Pix Automático: a recurrence at the PSP for the
 * subscription's next due date, with the ceiling of decision 355, and its QR to approve.
 */
export async function authoriseMandate(
  subscriptionId: string,
  payer: { cpf: string; name: string },
  now: Date,
  client: ApiPixClient | null = apiPix(),
): Promise<AuthoriseOutcome> {
  if (!client) return { outcome: "not-allowed" };
  const db = await getDb();
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  if (
    !subscription ||
    subscription.priceUsdCents === null ||
    (subscription.state !== "active" && subscription.state !== "past-due")
  ) {
    return { outcome: "not-allowed" };
  }
  const live = await latestMandate(db, subscriptionId);
  if (live && (liveMandateStates as readonly string[]).includes(live.state)) {
    return { outcome: "exists", mandate: live };
  }
  const rate = await currentExchangeRate(db);
  if (!rate) return { outcome: "no-rate" };
  const ceilingBrlCents = mandateCeilingCents(subscription.priceUsdCents, rate.rate);
  const [order] = await db
    .select({ reference: orders.reference })
    .from(orders)
    .where(eq(orders.id, subscription.orderId));
  let rec: Rec;
  let qr: Rec | null;
  try {
    rec = await createRecurrence(client, {
      contract: order?.reference ?? subscription.id.replaceAll("-", "").slice(0, 35),
      object: mandateCopy.object(subscription.robotName),
      payer,
      firstDueDate: subscription.paidThrough,
      ceiling: centsText(ceilingBrlCents),
    });
    qr = await getRecurrence(client, rec.idRec);
  } catch (error) {
    getLogger().warn(
      { subscriptionId, err: error instanceof Error ? error.message : String(error) },
      "pix mandate not created",
    );
    return { outcome: error instanceof PixApiRefusedError ? "refused" : "unavailable" };
  }
  const inserted = await db
    .insert(pixMandates)
    .values({
      subscriptionId,
      idRec: rec.idRec,
      ceilingBrlCents,
      payerName: payer.name,
      payerCpf: payer.cpf,
      copyPaste: qr?.dadosQR?.pixCopiaECola ?? null,
      createdAt: now,
      checkedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  // Another request of the same customer made one meanwhile: theirs stands, ours lapses.
  if (inserted[0]) return { outcome: "created", mandate: inserted[0] };
  const other = await latestMandate(db, subscriptionId);
  return other ? { outcome: "exists", mandate: other } : { outcome: "unavailable" };
}

/**
 * What the PSP says of a recurrence (webhookrec or GET /rec), applied once: a state the
 * mandate cannot reach from where it is changes nothing. Ending it cancels the cycles' charges
 * not yet sent; the renewal stays open, to be paid by hand. Returns the state afterwards.
 */
export async function applyRecurrenceState(
  update: Pick<Rec, "idRec" | "status" | "encerramento">,
  now: Date,
): Promise<PixMandateState | null> {
  return withTransaction(async (tx) => {
    const [mandate] = await tx
      .select()
      .from(pixMandates)
      .where(eq(pixMandates.idRec, update.idRec))
      .for("update");
    if (!mandate) return null;
    const next = stateOfStatus[update.status];
    if (next === mandate.state || !reachable[mandate.state].includes(next)) {
      await tx.update(pixMandates).set({ checkedAt: now }).where(eq(pixMandates.id, mandate.id));
      return mandate.state;
    }
    const ending = update.encerramento;
    const ended = next !== "approved";
    // One update: a second one on a row this transaction already wrote makes PostgreSQL check
    // its foreign keys again, and that key-share lock on the order deadlocked with the payment
    // being applied at the same moment (Jornada 3's approval and payment arrive together).
    await tx
      .update(pixMandates)
      .set(
        ended
          ? {
              state: next,
              copyPaste: null,
              checkedAt: now,
              endedAt: now,
              endedBy: next === "cancelled" ? enderOf(ending?.cancelamento?.solicitante) : "payer",
              endReason:
                ending?.cancelamento?.descricao ?? ending?.rejeicao?.descricao ?? update.status,
            }
          : { state: next, copyPaste: null, checkedAt: now, approvedAt: now },
      )
      .where(eq(pixMandates.id, mandate.id));
    if (ended) {
      await tx
        .update(pixRecurringCharges)
        .set({ state: "cancelled", settledAt: now })
        .where(
          and(
            eq(pixRecurringCharges.mandateId, mandate.id),
            eq(pixRecurringCharges.state, "pending"),
          ),
        );
    }
    // Ended at the payer's bank, not by our request: once, since this state is not reached twice.
    if ((next === "cancelled" || next === "rejected") && mandate.cancelRequestedAt === null) {
      await payerEndedMandateLocked(tx, mandate, next, update.encerramento, now);
    }
    return next;
  });
}

/**
 * The payer cancelled or refused the mandate at their bank (docs/decisions/416): renewals go
 * back to due-date charges, made out to the CPF the mandate had when no document is kept, the
 * open one's queued now; the customer is told what comes next and staff are told.
 */
async function payerEndedMandateLocked(
  tx: Executor,
  mandate: MandateRow,
  ending: MandateEnding,
  encerramento: Rec["encerramento"],
  now: Date,
): Promise<void> {
  // A mandate asked for with an order's first payment (decision 480) and refused as it was
  // paid: the payer said no at that moment, and no renewal is open yet to fall back. Whether
  // the refusal arrives before or after the payment started the subscription, nothing is sent.
  if (
    mandate.subscriptionId === null ||
    (mandate.orderId !== null && mandate.approvedAt === null)
  ) {
    return;
  }
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, mandate.subscriptionId));
  if (!subscription) return;
  if (subscription.payerDocument === null) {
    await tx
      .update(subscriptions)
      .set({ payerDocument: mandate.payerCpf })
      .where(eq(subscriptions.id, subscription.id));
  }
  await queueDueChargesForDocument(tx, subscription.id, now);
  const person = await customerOf(tx, subscription.orderId);
  if (!person) return;
  await enqueue(
    tx,
    mandateEndedMessage.to(person.email, {
      name: person.name,
      robotName: subscription.robotName,
      endingKind: ending,
    }),
  );
  const reason =
    encerramento?.cancelamento?.descricao ??
    encerramento?.rejeicao?.descricao ??
    (ending === "rejected" ? "REJEITADA" : "CANCELADA");
  await enqueue(
    tx,
    staffMandateEndedMessage.to(staffAddress(), {
      name: person.name,
      email: person.email,
      robotName: subscription.robotName,
      endingKind: ending,
      reason,
    }),
  );
}

/**
 * In the transaction that ends or cancels a subscription: its live mandate is to be cancelled
 * at the PSP (by the worker, sendMandateCancellations) and its unsent charges with it.
 */
export async function requestMandateCancellationLocked(
  tx: Executor,
  subscriptionId: string,
  now: Date,
): Promise<void> {
  const cancelled = await tx
    .update(pixMandates)
    .set({ cancelRequestedAt: now })
    .where(
      and(
        eq(pixMandates.subscriptionId, subscriptionId),
        inArray(pixMandates.state, [...liveMandateStates]),
        isNull(pixMandates.cancelRequestedAt),
      ),
    )
    .returning({ id: pixMandates.id });
  if (cancelled.length === 0) return;
  await tx
    .update(pixRecurringCharges)
    .set({ state: "cancelled", settledAt: now })
    .where(
      and(
        inArray(
          pixRecurringCharges.mandateId,
          cancelled.map((row) => row.id),
        ),
        eq(pixRecurringCharges.state, "pending"),
      ),
    );
}

/** Sends the cancellations asked for (PATCH /rec); one the PSP cannot take is logged, kept. */
export async function sendMandateCancellations(now: Date, client: ApiPixClient): Promise<number> {
  const db = await getDb();
  const due = await db
    .select({ idRec: pixMandates.idRec })
    .from(pixMandates)
    .where(
      and(
        isNotNull(pixMandates.cancelRequestedAt),
        inArray(pixMandates.state, [...liveMandateStates]),
      ),
    )
    .orderBy(asc(pixMandates.cancelRequestedAt))
    .limit(CHECKS_PER_RUN);
  let sent = 0;
  for (const { idRec } of due) {
    try {
      const rec = await cancelRecurrence(client, idRec);
      await applyRecurrenceState(rec, now);
      sent += 1;
    } catch (error) {
      getLogger().warn(
        { idRec, err: error instanceof Error ? error.message : String(error) },
        "pix mandate not cancelled",
      );
    }
  }
  return sent;
}

/**
 * The safety net of a lost webhookrec: GET /rec of mandates awaiting or long unchecked.
 * Returns how many were asked about.
 */
export async function pollMandates(now: Date, client: ApiPixClient): Promise<number> {
  const db = await getDb();
  const due = await db
    .select({ idRec: pixMandates.idRec })
    .from(pixMandates)
    .where(
      or(
        and(
          eq(pixMandates.state, "awaiting-payer"),
          lte(pixMandates.checkedAt, new Date(now.getTime() - RECHECK_AWAITING_MS)),
        ),
        and(
          eq(pixMandates.state, "approved"),
          lte(pixMandates.checkedAt, new Date(now.getTime() - RECHECK_APPROVED_MS)),
        ),
      ),
    )
    .orderBy(asc(pixMandates.checkedAt))
    .limit(CHECKS_PER_RUN);
  for (const { idRec } of due) {
    const rec = await getRecurrence(client, idRec);
    if (rec) await applyRecurrenceState(rec, now);
  }
  return due.length;
}

export interface AccountMandate {
  state: PixMandateState;
  ceilingBrlCents: number;
  endedBy: PixMandateEnder | null;
  /** Set while the mandate awaits the customer: the QR they read at their bank. */
  qr: { code: string; qrSvg: string } | null;
  cancelRequested: boolean;
}

/** What /minha-conta shows of Pix Automático for one subscription. */
export interface MandatePanel {
  /** The latest mandate, live or ended. */
  mandate: AccountMandate | null;
  /** The ceiling a new authorisation would have, when the customer may ask for one. */
  offerCeilingBrlCents: number | null;
  /** The due date of the renewal the payer's bank will debit, once its cobr is scheduled. */
  debitOn: string | null;
}

/** Pix Automático needs the API Pix and the receiving account the cobr names (BANK_*). */
export function pixAutomaticoAvailable(client: ApiPixClient | null = apiPix()): boolean {
  return client !== null && Boolean(getEnv().BANK_ACCOUNT);
}

/** The panel of one subscription; null without Pix Automático (the area is as before). */
export async function mandatePanel(
  tx: Executor,
  subscription: Pick<MandateSubscription, "id" | "state" | "priceUsdCents">,
  rate: number | null,
): Promise<MandatePanel | null> {
  if (!pixAutomaticoAvailable()) return null;
  const latest = await latestMandate(tx, subscription.id);
  const live = latest !== null && (liveMandateStates as readonly string[]).includes(latest.state);
  const mayAsk =
    !live &&
    rate !== null &&
    subscription.priceUsdCents !== null &&
    (subscription.state === "active" || subscription.state === "past-due");
  const [scheduled] = latest
    ? await tx
        .select({ dueDate: pixRecurringCharges.dueDate })
        .from(pixRecurringCharges)
        .where(
          and(
            eq(pixRecurringCharges.mandateId, latest.id),
            eq(pixRecurringCharges.state, "scheduled"),
          ),
        )
        .orderBy(desc(pixRecurringCharges.dueDate))
        .limit(1)
    : [];
  return {
    mandate: latest && {
      state: latest.state,
      ceilingBrlCents: latest.ceilingBrlCents,
      endedBy: latest.endedBy,
      qr:
        latest.state === "awaiting-payer" && latest.copyPaste
          ? { code: latest.copyPaste, qrSvg: await pixQrSvg(latest.copyPaste) }
          : null,
      cancelRequested: latest.cancelRequestedAt !== null,
    },
    offerCeilingBrlCents:
      mayAsk && subscription.priceUsdCents !== null && rate !== null
        ? mandateCeilingCents(subscription.priceUsdCents, rate)
        : null,
    debitOn: scheduled?.dueDate ?? null,
  };
}

type MandateSubscription = typeof subscriptions.$inferSelect;

/** The name a mandate is made out to: the customer's, as their order has it. */
export async function payerNameOf(tx: Executor, subscriptionId: string): Promise<string | null> {
  const [row] = await tx
    .select({ name: waitlist.name })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .innerJoin(waitlist, eq(waitlist.id, orders.waitlistId))
    .where(eq(subscriptions.id, subscriptionId));
  return row?.name ?? null;
}
