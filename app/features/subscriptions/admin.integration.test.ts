import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { subscriptionCharges, subscriptions } from "../../../db/schema.ts";
import { clearSales } from "../../../tests/support/sales.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import { STAFF, subscribe } from "../../../tests/support/subscriber.ts";
import { callRoute } from "../../../tests/support/route-calls.ts";
import { ofxStatement } from "../../../tests/support/ofx.ts";
import { subscriptionOutcomeCopy, subscriptionsAdminCopy } from "../../content/subscriptions.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { setExchangeRate } from "../orders/orders.server.ts";
import { applyStatementImport, previewStatement } from "../sales/statement-import.server.ts";
import { parseSubscriptionsFilter, subscriptionsOverview } from "./admin-queries.server.ts";
import { subscriptionsAction } from "../sales/subscriptions-admin-actions.server.ts";
import { subscriptionIntents } from "./intents.ts";
import { payCharge } from "../sales/pay.server.ts";
import { runRenewals } from "../sales/renew.server.ts";

const at = (iso: string) => new Date(iso);

const smtp = await smtpServerForFile();

// Each test starts with no customers, so the next one invited is its own.
beforeEach(async () => {
  await clearSales();
  await setExchangeRate(50000, STAFF, at("2027-01-01T12:00:00Z"));
});

const act = (fields: Record<string, string>) =>
  callRoute(({ request }: { request: Request }) => subscriptionsAction(request, STAFF), {
    url: "http://localhost:3000/admin/assinaturas",
    body: new URLSearchParams(fields).toString(),
  });

async function chargeOf(subscriptionId: string) {
  const db = await getDb();
  const [charge] = await db
    .select()
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.subscriptionId, subscriptionId));
  return charge!;
}

describe("/admin/assinaturas", () => {
  it("marks renewals paid, cancels for the customer, and shows it all", async () => {
    const renewing = await subscribe("yenmax", { smtp });
    await await subscribe("yenmax", { smtp });
    const lapsing = await subscribe("yenmax", { smtp, paidAt: at("2027-01-10T14:00:00Z") });
    // Charges go out 7 days ahead; the one due 10/02 is unpaid through grace: suspended.
    await runRenewals(at("2027-02-03T12:00:00Z"));
    await runRenewals(at("2027-02-14T12:00:00Z"));
    await runRenewals(at("2027-02-21T12:00:00Z"));

    const renewal = await chargeOf(renewing.subscription.id);
    expect(
      await act({
        intent: subscriptionIntents.markPaid,
        charge: renewal.reference,
        method: "bitcoin",
        reference: "x",
      }),
    ).toMatchObject({ status: 400, body: { error: subscriptionsAdminCopy.methodRequired } });
    expect(
      await act({
        intent: subscriptionIntents.markPaid,
        charge: renewal.reference,
        method: "pix",
        reference: " ",
      }),
    ).toMatchObject({ status: 400, body: { error: subscriptionsAdminCopy.referenceRequired } });
    expect(
      await act({
        intent: subscriptionIntents.markPaid,
        charge: "AFX'; drop",
        method: "pix",
        reference: "E2E",
      }),
    ).toMatchObject({ status: 404 });
    expect(
      await act({
        intent: subscriptionIntents.markPaid,
        charge: renewal.reference,
        method: "pix",
        reference: "E2E-PIX-2",
      }),
    ).toMatchObject({ status: 200, body: { ok: true } });
    expect(
      await act({
        intent: subscriptionIntents.markPaid,
        charge: renewal.reference,
        method: "pix",
        reference: "E2E-PIX-2",
      }),
    ).toMatchObject({ status: 409, body: { error: subscriptionOutcomeCopy.chargeNotOpen } });

    const cancel = { intent: subscriptionIntents.cancel, subscriptionId: renewing.subscription.id };
    expect(await act(cancel)).toMatchObject({ status: 400 });
    expect(await act({ ...cancel, confirm: "on" })).toMatchObject({ status: 200 });
    expect(await act({ ...cancel, subscriptionId: "nope", confirm: "on" })).toMatchObject({
      status: 404,
    });
    expect(await act({ intent: "other" })).toMatchObject({ status: 400 });

    const overview = await subscriptionsOverview(
      parseSubscriptionsFilter(new URLSearchParams()),
      at("2027-02-22T12:00:00Z"),
    );
    expect(overview.counts).toEqual({ active: 1, cancelled: 1, suspended: 1 });
    // The paid renewal counts in its payment's month (refunds: app/routes/admin/refund.tsx).
    const db = await getDb();
    const [renewed] = await db
      .select({ paidCycle: subscriptions.paidCycle })
      .from(subscriptions)
      .where(eq(subscriptions.id, renewing.subscription.id));
    expect(renewed?.paidCycle).toBe(2);
    const firstMonth = 3 * 19900 * 5; // three first payments of US$ 199.00 at R$ 5.0000
    const total = (lines: { brlCents: number }[]) => lines.reduce((sum, l) => sum + l.brlCents, 0);
    expect(total(overview.revenue.byMonth)).toBe(firstMonth + renewal.totalBrlCents);
    expect(overview.revenue.byMonth.map((line) => line.key)).toContain("2027-01");
    expect(overview.revenue.byRobot).toEqual([
      {
        key: renewing.subscription.robotName,
        brlCents: firstMonth + renewal.totalBrlCents,
        payments: 4,
      },
    ]);

    const suspendedOnly = await subscriptionsOverview(
      parseSubscriptionsFilter(new URLSearchParams("situacao=suspended&robo=yen")),
      at("2027-02-22T12:00:00Z"),
    );
    expect(suspendedOnly.list.map((row) => row.id)).toEqual([lapsing.subscription.id]);
    expect(
      (
        await subscriptionsOverview(
          parseSubscriptionsFilter(new URLSearchParams("robo=%25")),
          at("2027-02-22T12:00:00Z"),
        )
      ).list,
    ).toEqual([]);
  });

  it("lists the renewals due in the next 7 days", async () => {
    const soon = await subscribe("yenmax", { smtp, paidAt: at("2027-03-05T14:00:00Z") });
    const later = await subscribe("yenmax", { smtp, paidAt: at("2027-03-20T14:00:00Z") });
    const overview = await subscriptionsOverview(
      parseSubscriptionsFilter(new URLSearchParams()),
      at("2027-03-30T12:00:00Z"),
    );
    const dueIds = overview.due.map((row) => row.id);
    expect(dueIds).toContain(soon.subscription.id);
    expect(dueIds).not.toContain(later.subscription.id);
  });
});

describe("renewals in the bank-statement import", () => {
  const brl = (cents: number) =>
    `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

  it("pays a charge by its txid or by its exact amount in its window, once", async () => {
    const db = await getDb();
    const quoted = await subscribe("yenmax", { smtp, paidAt: at("2027-06-02T14:00:00Z") });
    const byAmount = await subscribe("yenmax", { smtp, paidAt: at("2027-06-02T14:00:00Z") });
    const marked = await subscribe("yenmax", { smtp, paidAt: at("2027-06-02T14:00:00Z") });
    await runRenewals(at("2027-06-26T12:00:00Z"));
    const [a, b, c] = await Promise.all(
      [quoted, byAmount, marked].map((s) => chargeOf(s.subscription.id)),
    );
    // b's amount made unique, so a credit of it names one charge.
    await db
      .update(subscriptionCharges)
      .set({ totalBrlCents: b!.totalBrlCents - 1 })
      .where(eq(subscriptionCharges.id, b!.id));
    const file = ofxStatement(
      [
        { fitId: "R1", amount: brl(a!.totalBrlCents), memo: `PIX ${a!.reference}` },
        { fitId: "R2", amount: brl(b!.totalBrlCents - 1), memo: "PIX RECEBIDO" },
        { fitId: "R3", amount: brl(c!.totalBrlCents), memo: `PIX ${c!.reference}` },
        { fitId: "R4", amount: "1.00", memo: `PIX ${a!.reference}` },
      ],
      "20270629",
    );
    const preview = await previewStatement(file, STAFF, undefined, at("2027-06-29T15:00:00Z"));
    if (!preview.ok) throw new Error(preview.error.code);
    expect(preview.matches.map((m) => m.match)).toEqual([
      { kind: "reference", orderId: a!.id },
      { kind: "amount", orderId: b!.id },
      { kind: "reference", orderId: c!.id },
      // A second credit quoting a's txid with another amount: left to staff.
      { kind: "wrong-amount", orderId: a!.id },
    ]);
    // Staff marked c paid by hand meanwhile: the import pays it no second time.
    expect(
      await payCharge(
        c!.reference,
        { method: "pix", reference: "HAND" },
        STAFF,
        at("2027-06-29T16:00:00Z"),
      ),
    ).toBe("paid");
    expect(await applyStatementImport(preview.importId, STAFF, at("2027-06-29T17:00:00Z"))).toEqual(
      {
        outcome: "applied",
        paid: 2,
        skipped: 1,
        recorded: 4,
        waiting: 2,
      },
    );
    const after = await Promise.all([a, b, c].map((charge) => chargeOf(charge!.subscriptionId)));
    expect(after.map((charge) => [charge.state, charge.paymentReference])).toEqual([
      ["paid", "ofx:R1"],
      ["paid", "ofx:R2"],
      ["paid", "HAND"],
    ]);
    const [renewed] = await db
      .select({ paidCycle: subscriptions.paidCycle, paidThrough: subscriptions.paidThrough })
      .from(subscriptions)
      .where(eq(subscriptions.id, quoted.subscription.id));
    expect(renewed).toEqual({ paidCycle: 2, paidThrough: "2027-08-02" });
  });
});
