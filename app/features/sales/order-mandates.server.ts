// The first payment and the Pix Automático mandate in one QR (Jornada 3, docs/decisions/480):
// on the order page the customer gives the CPF of the paying account; the PSP creates a
// monthly recurrence linked to the order's own charge (`ativacao.dadosJornada.txid`) and
// answers its composite QR (`GET /rec/{idRec}?txid=`), which the page shows instead of the
// charge's own while the mandate awaits. Paying it pays the order as any Pix of its charge
// does (the sale's pay move), and the payer's bank approves the recurrence (`webhookrec`). The
// subscription the payment starts inherits the mandate, so its renewals go by cobr. A mandate
// refused, or an order paid another way, leaves the payment as it is.
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { orders, pixCharges, pixMandates, subscriptions, waitlist } from "../../../db/schema.ts";
import { getDb, type Executor } from "../../platform/db/db.server.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import {
  apiPix,
  PixApiRefusedError,
  type ApiPixClient,
} from "../../platform/payments/api-pix.server.ts";
import {
  createRecurrence,
  getRecurrence,
} from "../../platform/payments/api-pix-recurrence.server.ts";
import { mandateCopy } from "../../content/pix-automatico.ts";
import { centsText, parseDecimal } from "../orders/money.ts";
import { currentExchangeRate } from "../orders/orders.server.ts";
import { pixQrSvg } from "../orders/pix.server.ts";
import { localDate, monthsAfter } from "../subscriptions/calendar.ts";
import { liveMandateStates, type PixMandateState } from "./model.ts";
import { payerDocumentOf } from "./payer-document.server.ts";
import { mandateCeilingCents } from "./pix-automatico.ts";
import { pixAutomaticoAvailable, type MandateRow } from "./pix-mandates.server.ts";

const isLive = (state: string) => (liveMandateStates as readonly string[]).includes(state);

/** The order's latest Jornada 3 mandate, live or ended. */
async function latestOrderMandate(tx: Executor, orderId: string): Promise<MandateRow | null> {
  const [row] = await tx
    .select()
    .from(pixMandates)
    .where(eq(pixMandates.orderId, orderId))
    .orderBy(desc(pixMandates.createdAt), desc(pixMandates.id))
    .limit(1);
  return row ?? null;
}

interface PayableOrder {
  id: string;
  reference: string;
  robotName: string;
  priceUsdCents: number | null;
  exchangeRate: string | null;
  totalBrlCents: number | null;
  waitlistId: string | null;
}

/** The order's own charge (cob) when the PSP has it open, and the ceiling a mandate would get. */
async function firstPaymentTerms(
  tx: Executor,
  order: PayableOrder,
): Promise<{ txid: string; ceilingBrlCents: number } | null> {
  if (order.priceUsdCents === null || !order.totalBrlCents || order.totalBrlCents <= 0) return null;
  const [charge] = await tx
    .select({ txid: pixCharges.txid, state: pixCharges.state })
    .from(pixCharges)
    .where(eq(pixCharges.orderId, order.id));
  if (charge?.state !== "active") return null;
  const rate = (await currentExchangeRate(tx))?.rate ?? parseDecimal(order.exchangeRate ?? "", 4);
  if (rate === null) return null;
  return { txid: charge.txid, ceilingBrlCents: mandateCeilingCents(order.priceUsdCents, rate) };
}

/** What the order page shows of Pix Automático with the first payment. */
export interface FirstPaymentMandate {
  /** The offer: the ceiling a mandate would have; null while one is live or none may be asked. */
  offerCeilingBrlCents: number | null;
  /** The latest mandate asked for on this order. */
  mandate: {
    state: PixMandateState;
    ceilingBrlCents: number;
    /** The composite QR (first payment + authorisation) while it awaits the payer. */
    qr: { code: string; qrSvg: string } | null;
  } | null;
}

/** Null without Pix Automático, or for an order that is not awaiting its own charge's payment. */
export async function firstPaymentMandate(
  tx: Executor,
  order: PayableOrder & { state: string },
  client: ApiPixClient | null = apiPix(),
): Promise<FirstPaymentMandate | null> {
  if (order.state !== "awaiting-payment" || !pixAutomaticoAvailable(client)) return null;
  const terms = await firstPaymentTerms(tx, order);
  const latest = await latestOrderMandate(tx, order.id);
  if (!terms && !latest) return null;
  const live = latest !== null && isLive(latest.state);
  return {
    offerCeilingBrlCents: !live && terms ? terms.ceilingBrlCents : null,
    mandate: latest && {
      state: latest.state,
      ceilingBrlCents: latest.ceilingBrlCents,
      qr:
        latest.state === "awaiting-payer" && latest.copyPaste
          ? { code: latest.copyPaste, qrSvg: await pixQrSvg(latest.copyPaste) }
          : null,
    },
  };
}

export type FirstPaymentMandateOutcome =
  "created" | "exists" | "invalid-cpf" | "not-allowed" | "unavailable" | "refused";

/**
 * The customer chose to pay the first month and authorise the renewals in one QR: a
 * recurrence linked to the order's charge, first due a month from today (the subscription's
 * first renewal if they pay today; a later payment only moves the renewals later), with the
 * ceiling of decision 355, made out to `cpfText` and the name on the order.
 */
export async function authoriseWithFirstPayment(
  orderId: string,
  cpfText: string,
  now: Date,
  client: ApiPixClient | null = apiPix(),
): Promise<FirstPaymentMandateOutcome> {
  const document = payerDocumentOf(cpfText);
  if (!document || document.length !== 11) return "invalid-cpf";
  if (!client || !pixAutomaticoAvailable(client)) return "not-allowed";
  const db = await getDb();
  const [order] = await db
    .select({
      id: orders.id,
      reference: orders.reference,
      robotName: orders.robotName,
      state: orders.state,
      priceUsdCents: orders.priceUsdCents,
      exchangeRate: orders.exchangeRate,
      totalBrlCents: orders.totalBrlCents,
      waitlistId: orders.waitlistId,
      name: waitlist.name,
    })
    .from(orders)
    .leftJoin(waitlist, eq(waitlist.id, orders.waitlistId))
    .where(eq(orders.id, orderId));
  if (!order || order.state !== "awaiting-payment" || !order.name) return "not-allowed";
  const latest = await latestOrderMandate(db, orderId);
  if (latest && isLive(latest.state)) return "exists";
  const terms = await firstPaymentTerms(db, order);
  if (!terms) return "not-allowed";
  let copyPaste: string;
  let idRec: string;
  try {
    const rec = await createRecurrence(client, {
      contract: order.reference,
      object: mandateCopy.object(order.robotName),
      payer: { cpf: document, name: order.name },
      firstDueDate: monthsAfter(localDate(now), 1),
      ceiling: centsText(terms.ceilingBrlCents),
      firstChargeTxid: terms.txid,
    });
    idRec = rec.idRec;
    const qr = await getRecurrence(client, rec.idRec, terms.txid);
    if (qr?.dadosQR?.jornada !== "JORNADA_3") {
      throw new PixApiRefusedError(200, "recorrência sem QR composto da Jornada 3");
    }
    copyPaste = qr.dadosQR.pixCopiaECola;
  } catch (error) {
    getLogger().warn(
      { orderId, err: error instanceof Error ? error.message : String(error) },
      "pix mandate with first payment not created",
    );
    return error instanceof PixApiRefusedError ? "refused" : "unavailable";
  }
  const inserted = await db
    .insert(pixMandates)
    .values({
      orderId,
      idRec,
      ceilingBrlCents: terms.ceilingBrlCents,
      payerName: order.name,
      payerCpf: document,
      copyPaste,
      createdAt: now,
      checkedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: pixMandates.id });
  // Another request made one meanwhile: theirs stands, ours is never shown and lapses.
  return inserted.length > 0 ? "created" : "exists";
}

/**
 * In the transaction that pays orders and starts their subscriptions: each subscription takes
 * its order's live Jornada 3 mandate, and its payer's CPF when it has no payer document, so
 * Minha conta asks for it no more (decision 418). The composite QR is not shown again: its
 * charge is paid. When the API Pix paid the order, a mandate still awaiting stays so until the
 * bank tells (its approval may be on its way while the payment is applied); paid another way
 * (card, statement, staff), nobody will read that QR now, so the mandate is withdrawn at the
 * PSP instead and Minha conta offers to authorise (docs/decisions/465).
 */
export async function inheritOrderMandatesLocked(
  tx: Executor,
  orderIds: readonly string[],
  paidByApiPix: boolean,
  now: Date,
): Promise<void> {
  if (orderIds.length === 0) return;
  const mandates = await tx
    .select({
      id: pixMandates.id,
      orderId: pixMandates.orderId,
      state: pixMandates.state,
      payerCpf: pixMandates.payerCpf,
    })
    .from(pixMandates)
    .where(and(inArray(pixMandates.orderId, [...orderIds]), isNull(pixMandates.subscriptionId)))
    // The latest first: its CPF is the one the subscription keeps.
    .orderBy(desc(pixMandates.createdAt), desc(pixMandates.id));
  for (const mandate of mandates) {
    if (!mandate.orderId) continue;
    const unread = mandate.state === "awaiting-payer" && !paidByApiPix;
    if (unread) await requestOrderMandateCancellationLocked(tx, mandate.orderId, now);
    const [subscription] = await tx
      .select({ id: subscriptions.id, payerDocument: subscriptions.payerDocument })
      .from(subscriptions)
      .where(eq(subscriptions.orderId, mandate.orderId));
    if (!subscription) continue;
    if (isLive(mandate.state) && !unread) {
      await tx
        .update(pixMandates)
        .set({ subscriptionId: subscription.id, copyPaste: null })
        .where(eq(pixMandates.id, mandate.id));
    }
    if (subscription.payerDocument === null) {
      await tx
        .update(subscriptions)
        .set({ payerDocument: mandate.payerCpf })
        .where(eq(subscriptions.id, subscription.id));
    }
  }
}

/**
 * In the transaction that closes an order unpaid (expired, cancelled): its mandate awaiting
 * the payer is to be cancelled at the PSP (the worker's sendMandateCancellations).
 */
export async function requestOrderMandateCancellationLocked(
  tx: Executor,
  orderId: string,
  now: Date,
): Promise<void> {
  await tx
    .update(pixMandates)
    .set({ cancelRequestedAt: now, copyPaste: null })
    .where(
      and(
        eq(pixMandates.orderId, orderId),
        isNull(pixMandates.subscriptionId),
        inArray(pixMandates.state, [...liveMandateStates]),
        isNull(pixMandates.cancelRequestedAt),
      ),
    );
}
