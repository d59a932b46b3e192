// Applying a statement of every kind of credit at once (docs/decisions/470): plain payments
// go through the set-based apply, the rest through the pay move one by one, and each credit
// ends exactly as the one-by-one apply left it (these expectations were first run against it).
import { asc, eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  bankCredits,
  emailOutbox,
  invitations,
  moneyEvents,
  orderEvents,
  orders,
  payments,
  robots,
  statementImports,
  subscriptionCharges,
} from "../../../db/schema.ts";
import { ofxStatement, type OfxCredit } from "../../../tests/support/ofx.ts";
import { clearSales } from "../../../tests/support/sales.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import { STAFF, subscribe } from "../../../tests/support/subscriber.ts";
import { waitingReasons } from "../../content/sales.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { formatBrl } from "../orders/format.ts";
import { setExchangeRate } from "../orders/orders.server.ts";
import { cancelOrder } from "./cancel.server.ts";
import { expireDueOrders } from "./expire.server.ts";
import { markOrderPaid } from "./pay.server.ts";
import { runRenewals } from "./renew.server.ts";
import { applyStatementImport, previewStatement } from "./statement-import.server.ts";

const smtp = await smtpServerForFile();
const at = (iso: string) => new Date(iso);
const brl = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
const POSTED = "20270629";

beforeEach(async () => {
  await clearSales([bankCredits, statementImports]);
  await setExchangeRate(50000, STAFF, at("2027-01-01T12:00:00Z"));
});

async function orderRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function preview(credits: OfxCredit[], now: Date) {
  const result = await previewStatement(ofxStatement(credits, POSTED), STAFF, undefined, now);
  if (!result.ok) throw new Error(result.error.code);
  return result;
}

describe("a statement of every kind of credit", () => {
  it("pays, waits or skips each credit as the one-by-one apply did", async () => {
    const db = await getDb();
    // Two customers whose renewal (due 02/07) is open: one paid, one quoted with 1,00.
    const renewing = await subscribe("yenmax", { smtp, paidAt: at("2027-06-02T14:00:00Z") });
    const quotedWrong = await subscribe("yenmax", { smtp, paidAt: at("2027-06-02T14:00:00Z") });
    await runRenewals(at("2027-06-26T12:00:00Z"));
    const chargeOf = async (subscriptionId: string) =>
      (
        await db
          .select()
          .from(subscriptionCharges)
          .where(eq(subscriptionCharges.subscriptionId, subscriptionId))
      )[0]!;
    const renewal = await chargeOf(renewing.subscription.id);
    const renewalQuotedWrong = await chargeOf(quotedWrong.subscription.id);

    // Orders awaiting payment: invited on 29/06 08h (deadline 01/07).
    const unpaid = async (key = "yenmax", paidAt = at("2027-06-29T12:00:00Z")) =>
      orderRow((await subscribe(key, { smtp, paidAt, pay: false })).orderId);
    const [byReference, byAmount, quotedOther, repriced, cancelled, paidByHand] = [
      await unpaid(),
      await unpaid(),
      await unpaid(),
      await unpaid(),
      await unpaid(),
      await unpaid(),
    ];
    const imported = await unpaid();
    const raced = await unpaid();
    // Expired by the preview: one with its money in time (29/06 00h, deadline 29/06 10h), quoted
    // twice; one whose deadline (28/06 10h) passed before the money; one whose robot is full.
    const inTime = await unpaid("yenmax", at("2027-06-27T14:00:00Z"));
    const late = await unpaid("yenmax", at("2027-06-26T14:00:00Z"));
    const filler = await unpaid("midaspulse");
    const full = await unpaid("midaspulse", at("2027-06-27T14:00:00Z"));
    expect(filler.state).toBe("awaiting-payment");
    await db.update(orders).set({ totalBrlCents: 12345 }).where(eq(orders.id, byAmount.id));
    const amount = byReference.totalBrlCents!;

    // A file applied earlier holds K1.
    const earlier = await preview(
      [{ fitId: "K1", amount: brl(amount), memo: `PIX ${imported.reference}` }],
      at("2027-06-29T13:00:00Z"),
    );
    await applyStatementImport(earlier.importId, STAFF, at("2027-06-29T13:00:00Z"));
    expect(await expireDueOrders(at("2027-06-29T14:00:00Z"))).toBe(3);

    const credits: OfxCredit[] = [
      { fitId: "P1", amount: brl(amount), memo: `PIX RECEBIDO ${byReference.reference}` },
      { fitId: "P2", amount: "123.45", memo: "PIX RECEBIDO" },
      { fitId: "K1", amount: brl(amount), memo: `PIX ${imported.reference}` },
      { fitId: "X1", amount: brl(amount), memo: `PIX ${raced.reference}` },
      { fitId: "W1", amount: "1.00", memo: `PIX ${quotedOther.reference}` },
      { fitId: "W2", amount: brl(amount), memo: `PIX ${repriced.reference}` },
      { fitId: "C1", amount: brl(amount), memo: `PIX ${cancelled.reference}` },
      { fitId: "H1", amount: brl(amount), memo: `PIX ${paidByHand.reference}` },
      { fitId: "E1", amount: brl(amount), memo: `PIX ${inTime.reference}` },
      { fitId: "E1B", amount: brl(amount), memo: `PIX ${inTime.reference}` },
      { fitId: "E2", amount: brl(amount), memo: `PIX ${late.reference}` },
      { fitId: "E3", amount: brl(full.totalBrlCents!), memo: `PIX ${full.reference}` },
      {
        fitId: "R1",
        amount: brl(renewal.totalBrlCents),
        memo: `PIX ${renewal.reference}`,
      },
      { fitId: "R2", amount: "1.00", memo: `PIX ${renewalQuotedWrong.reference}` },
      { fitId: "U1", amount: "1.23", memo: "TED RECEBIDA" },
      { fitId: "M1", amount: brl(amount), memo: "PIX RECEBIDO" },
    ];
    const main = await preview(credits, at("2027-06-29T15:00:00Z"));
    expect(main.matches.map((m) => [m.credit.key, m.match.kind])).toEqual([
      ["ofx:P1", "reference"],
      ["ofx:P2", "amount"],
      ["ofx:K1", "known"],
      ["ofx:X1", "reference"],
      ["ofx:W1", "wrong-amount"],
      ["ofx:W2", "reference"],
      ["ofx:C1", "reference"],
      ["ofx:H1", "reference"],
      ["ofx:E1", "not-payable"],
      ["ofx:E1B", "not-payable"],
      ["ofx:E2", "not-payable"],
      ["ofx:E3", "not-payable"],
      ["ofx:R1", "reference"],
      ["ofx:R2", "wrong-amount"],
      ["ofx:U1", "unmatched"],
      ["ofx:M1", "ambiguous"],
    ]);

    // Between the preview and its apply: X1 arrives in another file applied first, an order is
    // repriced, one cancelled, one paid by hand, and the full robot has no spot left.
    const other = await preview([credits[3]!], at("2027-06-29T15:30:00Z"));
    await applyStatementImport(other.importId, STAFF, at("2027-06-29T15:30:00Z"));
    await db
      .update(orders)
      .set({ totalBrlCents: amount - 500 })
      .where(eq(orders.id, repriced.id));
    await cancelOrder(cancelled.id, STAFF, "desistiu", at("2027-06-29T16:00:00Z"));
    await markOrderPaid(
      paidByHand.id,
      { method: "pix", reference: "HAND" },
      STAFF,
      at("2027-06-29T16:00:00Z"),
    );
    await db.update(robots).set({ capacity: 1 }).where(eq(robots.id, full.robotId!));

    const mailBefore = new Set(
      (await db.select({ id: emailOutbox.id }).from(emailOutbox)).map((row) => row.id),
    );
    const now = at("2027-06-29T17:00:00Z");
    expect(await applyStatementImport(main.importId, STAFF, now)).toEqual({
      outcome: "applied",
      paid: 4,
      skipped: 2,
      recorded: 14,
      waiting: 10,
    });

    // Each credit's line in the ledger.
    const ledger = await db
      .select()
      .from(moneyEvents)
      .where(eq(moneyEvents.source, "statement"))
      .orderBy(asc(moneyEvents.sourceId));
    const line = (fitId: string) => {
      const row = ledger.find((event) => event.sourceId === `ofx:${fitId}`);
      return row && [row.state, row.waitingReason, row.orderId ?? row.chargeId];
    };
    const expected: Record<string, [string, string | null, string | null]> = {
      P1: ["applied", null, byReference.id],
      P2: ["applied", null, byAmount.id],
      K1: ["applied", null, imported.id],
      X1: ["applied", null, raced.id],
      W1: ["waiting", waitingReasons.wrongAmountQuoted, null],
      W2: ["waiting", waitingReasons.wrongAmount(formatBrl(amount), formatBrl(amount - 500)), null],
      C1: ["waiting", waitingReasons.orderClosed("Cancelado"), null],
      H1: ["waiting", waitingReasons.orderClosed("Pago"), null],
      E1: ["applied", null, inTime.id],
      E1B: ["waiting", waitingReasons.orderClosed("Pago"), null],
      E2: ["waiting", waitingReasons.receivedAfterDeadline, null],
      E3: ["waiting", waitingReasons.spotTaken, null],
      R1: ["applied", null, renewal.id],
      R2: ["waiting", waitingReasons.wrongAmountQuoted, null],
      U1: ["waiting", waitingReasons.unknownReference(""), null],
      M1: ["waiting", waitingReasons.ambiguous, null],
    };
    expect(Object.fromEntries(Object.keys(expected).map((id) => [id, line(id)]))).toEqual(expected);
    expect(ledger).toHaveLength(16);
    // The money reads as the bank wrote it.
    expect(ledger.find((event) => event.sourceId === "ofx:P2")).toMatchObject({
      kind: "credit",
      method: "pix",
      amountCents: 12345,
      currency: "BRL",
      receivedAt: at("2027-06-29T03:00:00Z"),
      origin: `extrato importado por ${STAFF}`,
      reference: null,
      description: "PIX RECEBIDO",
      recordedAt: now,
    });
    expect(ledger.find((event) => event.sourceId === "ofx:U1")?.method).toBe("transfer");

    // Each order once, in its state; the order paid late takes its invitation back.
    const states = await db
      .select({ id: orders.id, state: orders.state })
      .from(orders)
      .where(
        inArray(
          orders.id,
          [
            byReference,
            byAmount,
            quotedOther,
            repriced,
            cancelled,
            paidByHand,
            inTime,
            late,
            full,
          ].map((order) => order.id),
        ),
      );
    expect(Object.fromEntries(states.map((row) => [row.id, row.state]))).toEqual({
      [byReference.id]: "paid",
      [byAmount.id]: "paid",
      [quotedOther.id]: "awaiting-payment",
      [repriced.id]: "awaiting-payment",
      [cancelled.id]: "cancelled",
      [paidByHand.id]: "paid",
      [inTime.id]: "paid",
      [late.id]: "expired",
      [full.id]: "expired",
    });
    const [invitation] = await db
      .select({ status: invitations.status, expiredAt: invitations.expiredAt })
      .from(invitations)
      .where(eq(invitations.id, inTime.invitationId!));
    expect(invitation).toEqual({ status: "accepted", expiredAt: null });
    const paymentRows = await db
      .select({ orderId: payments.orderId, reference: payments.reference, note: payments.note })
      .from(payments)
      .where(
        inArray(
          payments.orderId,
          [byReference, byAmount, paidByHand, inTime, imported, raced].map((order) => order.id),
        ),
      )
      .orderBy(asc(payments.reference));
    expect(paymentRows).toEqual([
      { orderId: paidByHand.id, reference: "HAND", note: null },
      { orderId: inTime.id, reference: "ofx:E1", note: `PIX ${inTime.reference}` },
      { orderId: imported.id, reference: "ofx:K1", note: `PIX ${imported.reference}` },
      {
        orderId: byReference.id,
        reference: "ofx:P1",
        note: `PIX RECEBIDO ${byReference.reference}`,
      },
      { orderId: byAmount.id, reference: "ofx:P2", note: "PIX RECEBIDO" },
      { orderId: raced.id, reference: "ofx:X1", note: `PIX ${raced.reference}` },
    ]);
    const [charge] = await db
      .select()
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.id, renewal.id));
    expect([charge!.state, charge!.paymentReference]).toEqual(["paid", "ofx:R1"]);

    // One audit row per move, as before.
    const audit = await db
      .select({
        orderId: orderEvents.orderId,
        fromState: orderEvents.fromState,
        toState: orderEvents.toState,
        reason: orderEvents.reason,
      })
      .from(orderEvents)
      .where(eq(orderEvents.at, now));
    expect(audit.sort((a, b) => a.reason.localeCompare(b.reason))).toEqual([
      {
        orderId: inTime.id,
        fromState: "expired",
        toState: "paid",
        reason: `extrato importado: pix ofx:E1 (PIX ${inTime.reference}) (dinheiro recebido no prazo; pedido reativado)`,
      },
      {
        orderId: byReference.id,
        fromState: "awaiting-payment",
        toState: "paid",
        reason: `extrato importado: pix ofx:P1 (PIX RECEBIDO ${byReference.reference})`,
      },
      {
        orderId: byAmount.id,
        fromState: "awaiting-payment",
        toState: "paid",
        reason: "extrato importado: pix ofx:P2 (PIX RECEBIDO)",
      },
    ]);

    // The e-mails of the apply: each paid order's two, the renewal's receipt, one to staff.
    const mail = (
      await db
        .select({
          id: emailOutbox.id,
          template: emailOutbox.template,
          payload: emailOutbox.payload,
        })
        .from(emailOutbox)
    ).filter((row) => !mailBefore.has(row.id));
    const count = (template: string) => mail.filter((m) => m.template === template).length;
    expect(count("order-paid")).toBe(3);
    expect(count("payment-receipt")).toBe(4);
    const staff = mail.filter((m) => m.template === "staff-money-waiting");
    expect(staff).toHaveLength(1);
    expect(staff[0]!.payload.count).toBe("10");
    expect(
      staff[0]!.payload.lines!.split("; ").map((text) => /ofx:[A-Z0-9]+/.exec(text)?.[0]),
    ).toEqual(
      ["W1", "W2", "C1", "H1", "E1B", "E2", "E3", "R2", "U1", "M1"].map((id) => `ofx:${id}`),
    );
    expect(staff[0]!.payload.lines).toContain(
      `ofx:W2: ${formatBrl(amount)} (${repriced.reference}). ${waitingReasons.wrongAmount(formatBrl(amount), formatBrl(amount - 500))}`,
    );
  });
});
