import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptionCharges, subscriptions } from "../../../db/schema.ts";
import { startSmtpServer, type TestSmtpServer } from "../../../tests/support/smtp-server.ts";
import { STAFF, subscribe } from "../../../tests/support/subscriber.ts";
import { callRoute } from "../../../tests/support/route-calls.ts";
import { subscriptionOutcomeCopy, subscriptionsAdminCopy } from "../../content/subscriptions.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { setExchangeRate } from "../orders/orders.server.ts";
import { parseSubscriptionsFilter, subscriptionsOverview } from "./admin-queries.server.ts";
import { subscriptionsAction } from "./admin-actions.server.ts";
import { subscriptionIntents } from "./intents.ts";
import { requestRefund, runRenewals } from "./subscriptions.server.ts";

const at = (iso: string) => new Date(iso);

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  await setExchangeRate(50000, STAFF, at("2027-01-01T12:00:00Z"));
});
afterAll(() => smtp.close());

const act = (fields: Record<string, string>) =>
  callRoute(() => subscriptionsAction(new URLSearchParams(fields), STAFF), {
    url: "http://localhost:3000/admin/assinaturas",
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
  it("marks renewals paid, records refunds, cancels for the customer, and shows it all", async () => {
    const renewing = await subscribe("yenmax", { smtp });
    const refunding = await subscribe("yenmax", { smtp });
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

    const refundFields = {
      intent: subscriptionIntents.recordRefund,
      subscriptionId: refunding.subscription.id,
      method: "pix",
      reference: "DEV-1",
    };
    expect(await act(refundFields)).toMatchObject({
      status: 409,
      body: { error: subscriptionOutcomeCopy.refundNotRequested },
    });
    expect(await requestRefund(refunding.subscription.id, at("2027-02-03T12:00:00Z"))).toEqual({
      outcome: "requested",
    });
    expect(await act(refundFields)).toMatchObject({ status: 200 });
    expect(await act(refundFields)).toMatchObject({
      status: 409,
      body: { error: subscriptionOutcomeCopy.alreadyEnded },
    });

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
    expect(overview.counts).toEqual({ cancelled: 1, refunded: 1, suspended: 1 });
    expect(overview.toStop.map((row) => row.id)).toEqual([lapsing.subscription.id]);
    // The refunded first month is not revenue; the paid renewal counts in its payment's month.
    const db = await getDb();
    const [renewed] = await db
      .select({ paidCycle: subscriptions.paidCycle })
      .from(subscriptions)
      .where(eq(subscriptions.id, renewing.subscription.id));
    expect(renewed?.paidCycle).toBe(2);
    const firstMonth = 2 * 19900 * 5; // two first payments of US$ 199.00 at R$ 5.0000
    const total = (lines: { brlCents: number }[]) => lines.reduce((sum, l) => sum + l.brlCents, 0);
    expect(total(overview.revenue.byMonth)).toBe(firstMonth + renewal.totalBrlCents);
    expect(overview.revenue.byMonth.map((line) => line.key)).toContain("2027-01");
    expect(overview.revenue.byRobot).toEqual([
      {
        key: renewing.subscription.robotName,
        brlCents: firstMonth + renewal.totalBrlCents,
        payments: 3,
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
