import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  emailOutbox,
  heartbeatSamples,
  maintenanceWindows,
  orderSetups,
  serviceCreditThresholds,
  subscriptionCharges,
  waitlist,
} from "../../../db/schema.ts";
import { clearSales } from "../../../tests/support/sales.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import { PAID_AT, STAFF, subscribe } from "../../../tests/support/subscriber.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { ownReceipt } from "../account/account.server.ts";
import {
  cancelMaintenance,
  declareMaintenance,
  setCreditThreshold,
} from "../fleet/service-credit.server.ts";
import { setExchangeRate } from "../orders/orders.server.ts";
import { payCharge } from "./pay.server.ts";
import { runRenewals } from "./renew.server.ts";

// The service credit on a real renewal (decision 394), on PGlite and PostgreSQL. Paid on
// 31/01/2027 at 11h (São Paulo), cycle 1 runs 31/01 to 28/02 (28 days, 40,320 minutes); the
// charge of cycle 3, made on 24/03, credits cycle 1's downtime. YenMax at US$ 199,00 without
// the partner broker, R$ 5,4321 per US$.

const smtp = await smtpServerForFile();
const HOUR_MS = 3_600_000;
const CYCLE_1_END = new Date("2027-02-28T03:00:00Z");
const SECOND_CHARGE_AT = new Date("2027-02-21T12:00:00Z");
const THIRD_CHARGE_AT = new Date("2027-03-24T12:00:00Z");
const hour = (iso: string) => new Date(`${iso}:00:00Z`).getTime();

/** A robot marked running at the first payment, reporting every hour of cycle 1 but `gaps`. */
async function robotWithHours(gaps: Record<number, number>) {
  const subscribed = await subscribe("yenmax", { smtp });
  const db = await getDb();
  await db
    .insert(orderSetups)
    .values({ orderId: subscribed.orderId, state: "running", runningAt: PAID_AT })
    .onConflictDoUpdate({
      target: orderSetups.orderId,
      set: { state: "running", runningAt: PAID_AT },
    });
  const rows = [];
  for (let h = PAID_AT.getTime(); h < CYCLE_1_END.getTime(); h += HOUR_MS) {
    const minutes = gaps[h] ?? 60;
    if (minutes === 0) continue;
    rows.push({
      subscriptionId: subscribed.subscription.id,
      resolution: "hour" as const,
      bucket: new Date(h),
      at: new Date(h + 59 * 60_000),
      minutes,
      accountNumber: "51234567",
      balanceCents: 1_000_000,
      equityCents: 1_000_000,
      openPositions: 0,
      robotVersion: "1.0.0",
      terminalConnected: true,
    });
  }
  for (let i = 0; i < rows.length; i += 200) {
    await db.insert(heartbeatSamples).values(rows.slice(i, i + 200));
  }
  return subscribed;
}

/** Renews to the charge of cycle 3 (cycle 2's paid on the way) and returns it. */
async function thirdCharge(subscriptionId: string) {
  const db = await getDb();
  await runRenewals(SECOND_CHARGE_AT);
  const [second] = await db
    .select()
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.subscriptionId, subscriptionId));
  // The first renewal has no ended cycle before it to credit.
  expect(second).toMatchObject({ cycle: 2, creditedCycle: null, serviceCreditUsdCents: 0 });
  await payCharge(
    second!.reference,
    { method: "pix", reference: "E2E-2" },
    STAFF,
    SECOND_CHARGE_AT,
  );
  await runRenewals(THIRD_CHARGE_AT);
  const charges = await db
    .select()
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.subscriptionId, subscriptionId))
    .orderBy(asc(subscriptionCharges.cycle));
  return charges[1]!;
}

// Four silent hours on 10/02 and 11/02 (240 minutes), the threshold's exact amount.
const fourHours = {
  [hour("2027-02-10T10")]: 0,
  [hour("2027-02-10T11")]: 0,
  [hour("2027-02-11T10")]: 0,
  [hour("2027-02-11T11")]: 0,
};

beforeEach(async () => {
  await clearSales([heartbeatSamples, maintenanceWindows, serviceCreditThresholds]);
  await setExchangeRate(54321, STAFF, new Date("2027-01-01T12:00:00Z"));
});

describe("the service credit on the renewal", () => {
  it.each([
    ["a robot that reported every hour", {}, 0, 0, 19900],
    ["exactly the threshold (4 h): no credit", fourHours, 240, 0, 19900],
    // 19900 x 241 / 40320 = 118.9 -> 1,19 off.
    [
      "a minute past it: the whole downtime, pro rata",
      { ...fourHours, [hour("2027-02-12T10")]: 59 },
      241,
      119,
      19781,
    ],
  ])("%s", async (_, gaps, downtime, credit, total) => {
    const { subscription } = await robotWithHours(gaps);
    const charge = await thirdCharge(subscription.id);
    expect(charge).toMatchObject({
      cycle: 3,
      creditedCycle: 1,
      downtimeMinutes: downtime,
      creditThresholdMinutes: 240,
      serviceCreditUsdCents: credit,
      totalUsdCents: total,
      // In reais at the day's rate, from the credited total: 19781 x 5.4321 -> 107452.
      totalBrlCents: Math.floor((total * 54321) / 10000 + 0.5),
    });
  });

  it("does not count silence inside a maintenance window declared ahead; a cancelled one counts", async () => {
    const sixHours = {
      ...fourHours,
      [hour("2027-02-15T02")]: 0,
      [hour("2027-02-15T03")]: 0,
    };
    const declaredAt = new Date("2027-02-01T12:00:00Z");
    expect(
      await declareMaintenance(
        {
          from: new Date("2027-02-15T02:00:00Z"),
          to: new Date("2027-02-15T04:00:00Z"),
          reason: "Atualização do servidor das VPSs",
        },
        STAFF,
        declaredAt,
      ),
    ).toBe("declared");
    const covered = await robotWithHours(sixHours);
    expect(await thirdCharge(covered.subscription.id)).toMatchObject({
      downtimeMinutes: 240,
      serviceCreditUsdCents: 0,
    });

    await clearSales([heartbeatSamples]);
    await setExchangeRate(54321, STAFF, new Date("2027-01-01T12:00:00Z"));
    const db = await getDb();
    const [window] = await db.select().from(maintenanceWindows);
    expect(await cancelMaintenance(window!.id, declaredAt)).toBe(true);
    const uncovered = await robotWithHours(sixHours);
    // 19900 x 360 / 40320 = 177.7 -> 1,78 off.
    expect(await thirdCharge(uncovered.subscription.id)).toMatchObject({
      downtimeMinutes: 360,
      serviceCreditUsdCents: 178,
      totalUsdCents: 19722,
    });
  });

  it("refuses a maintenance window declared after it began", async () => {
    const now = new Date("2027-02-15T03:00:00Z");
    const window = { from: new Date("2027-02-15T02:00:00Z"), to: now, reason: "tarde demais" };
    expect(await declareMaintenance(window, STAFF, now)).toBe("starts-in-past");
    const db = await getDb();
    expect(await db.select().from(maintenanceWindows)).toEqual([]);
  });

  it("takes the threshold staff set, and shows the credit in the charge e-mail and the receipt", async () => {
    await setCreditThreshold(60, STAFF, new Date("2027-03-01T12:00:00Z"));
    const { subscription, email } = await robotWithHours({
      [hour("2027-02-10T10")]: 0,
      [hour("2027-02-10T11")]: 30,
    });
    const charge = await thirdCharge(subscription.id);
    // 90 minutes past a 1-hour threshold: 19900 x 90 / 40320 = 44.4 -> 0,44 off.
    expect(charge).toMatchObject({
      downtimeMinutes: 90,
      creditThresholdMinutes: 60,
      serviceCreditUsdCents: 44,
      totalUsdCents: 19856,
    });
    const db = await getDb();
    const mails = await db
      .select({ payload: emailOutbox.payload })
      .from(emailOutbox)
      .where(eq(emailOutbox.template, "renewal-charge"));
    const lines = mails.map((mail) => (mail.payload as { creditLine: string }).creditLine);
    // Intl writes "US$ 0,44" with a no-break space.
    expect(lines.find(Boolean)?.replace(/\s/g, " ")).toBe(
      "Crédito por indisponibilidade: no ciclo 1, o agente ficou 1 h 30 min sem sinal por falha do serviço, acima do limite de 1 h; descontamos US$ 0,44 (proporcional ao ciclo).",
    );

    await payCharge(
      charge.reference,
      { method: "pix", reference: "E2E-3" },
      STAFF,
      THIRD_CHARGE_AT,
    );
    const [entry] = await db
      .select({ id: waitlist.id })
      .from(waitlist)
      .where(eq(waitlist.email, email));
    const receipt = await ownReceipt(entry!.id, charge.reference);
    expect(receipt).toMatchObject({
      totalUsdCents: 19856,
      serviceCredit: { usdCents: 44, cycle: 1, downtimeMinutes: 90 },
    });
  });
});
