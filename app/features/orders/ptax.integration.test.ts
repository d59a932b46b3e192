import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeBcb } from "../../../tests/support/bcb-ptax.ts";
import { clearSales } from "../../../tests/support/sales.ts";
import { exchangeRates, robots, waitlist } from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { invitationsAction } from "../sales/invitations-admin-actions.server.ts";
import { invitationIntents } from "../invitations/intents.ts";
import { currentExchangeRate } from "./orders.server.ts";
import { brasiliaDay, refreshPtax } from "./ptax.server.ts";

// The PTAX job's work against a local stand-in of the Banco Central's service: the last
// business day's rate past a holiday, stored once with its day and source, carried by the
// orders that take it; and no invitation while there is no rate at all.

// Thursday 19 Nov 2026 closed at 5,3451; Friday 20 (Consciência Negra) and the weekend did not.
const bcb = await startFakeBcb({ "2026-11-19": 5.3451 });
// Monday 23 Nov 2026, 10h in Brasília.
const MONDAY = new Date("2026-11-23T13:00:00Z");

afterAll(() => bcb.close());

beforeEach(async () => {
  await clearSales();
});

async function confirmedPerson() {
  const db = await getDb();
  const [person] = await db
    .insert(waitlist)
    .values({
      name: "Pessoa PTAX",
      email: `ptax${Date.now()}@exemplo.com`,
      interestedAgents: ["yenmax"],
      termsAcceptedAt: MONDAY,
      confirmedAt: MONDAY,
    })
    .returning();
  const [robot] = await db.select().from(robots).where(eq(robots.key, "yenmax"));
  return { person: person!, robot: robot! };
}

describe("PTAX", () => {
  it("on the Monday after a holiday stores Thursday's closing rate, once, with its day", async () => {
    expect(brasiliaDay(MONDAY)).toBe("2026-11-23");
    expect(await refreshPtax(MONDAY, bcb.url)).toBe("2026-11-19");
    const db = await getDb();
    expect(await currentExchangeRate(db)).toMatchObject({
      rate: 53451,
      source: "ptax",
      quotedOn: "2026-11-19",
      setBy: "PTAX (Banco Central)",
    });
    expect(await refreshPtax(new Date(MONDAY.getTime() + 3_600_000), bcb.url)).toBeNull();
    expect(await db.select().from(exchangeRates)).toHaveLength(1);
  });

  it("refuses invitations while no rate exists, and invites once the PTAX is in", async () => {
    const { person, robot } = await confirmedPerson();
    const form = new URLSearchParams({
      intent: invitationIntents.invitePerson,
      robotId: robot.id,
      personId: person.id,
    });
    const post = () =>
      new Request("http://localhost/admin/convites", { method: "POST", body: form });
    const refused = await invitationsAction(post(), "staff@agentesfx.test");
    expect(refused).toMatchObject({
      init: { status: 409 },
      data: { ok: false, error: expect.stringContaining("ainda não há câmbio") },
    });

    await refreshPtax(MONDAY, bcb.url);
    const accepted = await invitationsAction(post(), "staff@agentesfx.test");
    expect(accepted).toMatchObject({ data: { ok: true } });
    const db = await getDb();
    const [entry] = await db.select().from(waitlist).where(eq(waitlist.id, person.id));
    expect(entry?.status).not.toBe("pending");
  });
});
