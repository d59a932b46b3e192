import { and, asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { heartbeatSamples } from "../../../db/schema.ts";
import { clearSales } from "../../../tests/support/sales.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import { subscribe } from "../../../tests/support/subscriber.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { downsampleHeartbeats } from "./downsample.server.ts";
import type { HeartbeatResolution } from "./model.ts";

const smtp = await smtpServerForFile();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// Midnight of 1 February 2027 in São Paulo (UTC-3).
const FIRST_DAY = Date.parse("2027-02-01T03:00:00Z");

beforeEach(() => clearSales());

/** Minute samples every 10 minutes over three São Paulo days, the balance counting up. */
async function threeDaysOfMinutes(subscriptionId: string, skip: (at: number) => boolean) {
  const rows = [];
  let balanceCents = 100_000;
  for (let at = FIRST_DAY; at < FIRST_DAY + 3 * DAY; at += 10 * MINUTE) {
    if (skip(at)) continue;
    balanceCents += 7;
    rows.push({
      subscriptionId,
      resolution: "minute" as const,
      bucket: new Date(at),
      at: new Date(at + 15_000),
      minutes: 1,
      accountNumber: "51234567",
      balanceCents,
      equityCents: balanceCents - 3,
      openPositions: 1,
      lastTradeAt: null,
      lastTradeProfitCents: null,
      robotVersion: "1.0.0",
      terminalConnected: true,
    });
  }
  const db = await getDb();
  for (let i = 0; i < rows.length; i += 200)
    await db.insert(heartbeatSamples).values(rows.slice(i, i + 200));
  return rows;
}

async function stored(subscriptionId: string, resolution: HeartbeatResolution) {
  const db = await getDb();
  return db
    .select()
    .from(heartbeatSamples)
    .where(
      and(
        eq(heartbeatSamples.subscriptionId, subscriptionId),
        eq(heartbeatSamples.resolution, resolution),
      ),
    )
    .orderBy(asc(heartbeatSamples.bucket));
}

/** Each São Paulo day's last sample and its count, straight from the minutes. */
function expectedDays(rows: Awaited<ReturnType<typeof threeDaysOfMinutes>>) {
  return [0, 1, 2].map((day) => {
    const ofDay = rows.filter(
      (row) =>
        row.bucket.getTime() >= FIRST_DAY + day * DAY &&
        row.bucket.getTime() < FIRST_DAY + (day + 1) * DAY,
    );
    return {
      bucket: new Date(FIRST_DAY + day * DAY),
      balanceCents: ofDay.at(-1)!.balanceCents,
      equityCents: ofDay.at(-1)!.equityCents,
      minutes: ofDay.length,
    };
  });
}

describe("heartbeat downsampling", () => {
  it("keeps every São Paulo day's last balance after minutes and hours are purged", async () => {
    const { subscription: a } = await subscribe("yenmax", { smtp });
    const { subscription: b } = await subscribe("yenmax", { smtp });
    // b is silent through the second day's afternoon, São Paulo time.
    const minutesA = await threeDaysOfMinutes(a.id, () => false);
    const minutesB = await threeDaysOfMinutes(
      b.id,
      (at) => at >= FIRST_DAY + DAY + 12 * HOUR && at < FIRST_DAY + DAY + 18 * HOUR,
    );

    // An hour past the third day's end: every hour and day is rolled; the minutes of hours
    // that began over 48 h before this one are gone (the first day's and the next hour's).
    const first = await downsampleHeartbeats(new Date(FIRST_DAY + 3 * DAY + HOUR + MINUTE));
    expect(first).toEqual({ hours: 72 + 66, days: 6, purged: 2 * (144 + 6) });
    const hoursB = await stored(b.id, "hour");
    expect(hoursB).toHaveLength(66);
    expect(hoursB[0]).toMatchObject({ bucket: new Date(FIRST_DAY), minutes: 6 });
    expect(hoursB[0]!.balanceCents).toBe(minutesB[5]!.balanceCents);

    // Again: nothing new, nothing twice.
    expect(await downsampleHeartbeats(new Date(FIRST_DAY + 3 * DAY + HOUR + 5 * MINUTE))).toEqual({
      hours: 0,
      days: 0,
      purged: 0,
    });

    // 100 days later: minutes (48 h) and hours (90 days) are gone, days stay.
    const later = await downsampleHeartbeats(new Date(FIRST_DAY + 100 * DAY));
    expect(later.purged).toBe(minutesA.length + minutesB.length - first.purged + 72 + 66);
    expect(await stored(a.id, "minute")).toEqual([]);
    expect(await stored(a.id, "hour")).toEqual([]);
    for (const [id, minutes] of [
      [a.id, minutesA],
      [b.id, minutesB],
    ] as const) {
      const days = await stored(id, "day");
      expect(
        days.map(({ bucket, balanceCents, equityCents, minutes: m }) => ({
          bucket,
          balanceCents,
          equityCents,
          minutes: m,
        })),
      ).toEqual(expectedDays(minutes));
    }
  });

  it("rolls up what it finds however long the worker was away, before purging it", async () => {
    const { subscription } = await subscribe("yenmax", { smtp });
    const minutes = await threeDaysOfMinutes(subscription.id, () => false);
    // The first run ever comes 200 days later.
    await downsampleHeartbeats(new Date(FIRST_DAY + 200 * DAY));
    expect(await stored(subscription.id, "minute")).toEqual([]);
    expect(await stored(subscription.id, "hour")).toEqual([]);
    const days = await stored(subscription.id, "day");
    expect(days.map((day) => day.balanceCents)).toEqual(
      expectedDays(minutes).map((day) => day.balanceCents),
    );
  });

  it("keeps the minutes of the last 48 hours and the hours of the last 90 days", async () => {
    const { subscription } = await subscribe("yenmax", { smtp });
    await threeDaysOfMinutes(subscription.id, () => false);
    // 48 h after the second day began (by the hour): the first day's minutes go, the rest stay.
    await downsampleHeartbeats(new Date(FIRST_DAY + DAY + 48 * HOUR + 30 * MINUTE));
    const kept = await stored(subscription.id, "minute");
    expect(kept[0]!.bucket).toEqual(new Date(FIRST_DAY + DAY));
    expect(kept).toHaveLength(2 * 144);
    expect(await stored(subscription.id, "hour")).toHaveLength(72);
  });
});
