import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { orders, pixCharges, robots } from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { applyConfirmedPix } from "../orders/pix-receipts.server.ts";

// Decision 410: paying an order that awaits payment moves no spot, so it never waits for its
// robot's lock (held by any move that counts spots: an acceptance, an invitation); reviving an
// expired order does count spots and waits for it. PGlite has one connection: nothing there
// ever runs at once.
const NOW = new Date();
const AMOUNT = 74625;

async function orderOfRobot(robotId: string, state: "awaiting-payment" | "expired") {
  const db = await getDb();
  const reference = `AFXL${randomBytes(5).toString("hex").toUpperCase()}`;
  const [order] = await db
    .insert(orders)
    .values({
      reference,
      robotName: "Robô",
      robotId,
      partnerBroker: false,
      totalBrlCents: AMOUNT,
      state,
      deadline: new Date(NOW.getTime() + 86_400_000),
    })
    .returning();
  const txid = `${reference}${order!.id.replaceAll("-", "").slice(0, 22)}`;
  await db.insert(pixCharges).values({
    txid,
    orderId: order!.id,
    amountBrlCents: AMOUNT,
    expiresAt: order!.deadline,
    state: "active",
    copyPaste: "x",
    nextAttemptAt: NOW,
    activeAt: NOW,
  });
  return { id: order!.id, txid };
}

const pixFor = (txid: string) => ({
  endToEndId: `E12345678${randomBytes(12).toString("hex").slice(0, 23)}`,
  txid,
  valor: "746.25",
  horario: NOW.toISOString(),
});

describe.skipIf(inject("databaseKind") !== "postgres")("the pay move's locks (PostgreSQL)", () => {
  it("pays an order awaiting payment while its robot is locked; an expired one waits", async () => {
    const db = await getDb();
    const [robot] = await db.select({ id: robots.id }).from(robots).limit(1);
    const awaiting = await orderOfRobot(robot!.id, "awaiting-payment");
    const expired = await orderOfRobot(robot!.id, "expired");
    let release = () => {};
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    // A move that counts the robot's spots, holding its lock until told.
    const holder = db.transaction(async (tx) => {
      await tx.execute(sql`select id from robots where id = ${robot!.id} for no key update`);
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await lockTaken;
    try {
      expect(await applyConfirmedPix(pixFor(awaiting.txid), "webhook", NOW)).toBe("applied");
      let revived = false;
      const reviving = applyConfirmedPix(pixFor(expired.txid), "webhook", NOW).then((outcome) => {
        revived = true;
        return outcome;
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(revived).toBe(false);
      release();
      await holder;
      // Reinstated if its invitation's spot was free; it has none here, so it waits for staff.
      expect(await reviving).toBe("order-not-payable");
    } finally {
      release();
      await holder;
    }
    const [paid] = await db
      .select({ state: orders.state })
      .from(orders)
      .where(eq(orders.id, awaiting.id));
    expect(paid?.state).toBe("paid");
  });
});
