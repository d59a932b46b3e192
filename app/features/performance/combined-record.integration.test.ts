import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { performancePublications, recordLogEntries, robots } from "../../../db/schema.ts";
import {
  generatedLedger,
  monthStart,
  mt4Statement,
  periodStatements,
  utf8,
} from "../../../tests/support/statement-fixtures.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { computeRecord } from "./compute.ts";
import { getAgentBySlug, getVerifiedView } from "./public-view.server.ts";
import { listVerifiedFigures } from "./queries.server.ts";
import { parseStatement } from "./statement-parse.ts";
import { performanceAction } from "./upload.server.ts";

// Issue 38 (docs/decisions/430) on the database (PGlite, and PostgreSQL with DATABASE_URL):
// a robot's account record is the union of the statements published for it, in order,
// overlapping trades counted once, a missing month shown as a gap, each statement kept with
// its own entries in the public log.

const STAFF = "staff@agentesfx.test";
// São Paulo's offset: the statements' months are the record's months.
const CLOCK = "-03:00";
let robotId: string;
let slug: string;

beforeAll(async () => {
  const db = await getDb();
  const [robot] = await db
    .select({ id: robots.id, slug: robots.slug })
    .from(robots)
    .where(eq(robots.key, "midaspulse"));
  robotId = robot!.id;
  slug = robot!.slug;
});

const post = (body: FormData | URLSearchParams) =>
  new Request("http://localhost/admin/robos/x/desempenho", { method: "POST", body });

async function uploadAndPublish(bytes: Uint8Array, name: string): Promise<string> {
  const form = new FormData();
  form.set("accountKind", "real");
  form.set("broker", "Corretora Exemplo");
  form.set("serverClock", CLOCK);
  form.set("currency", "USD");
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
  const uploaded = (await performanceAction(post(form), robotId, STAFF)) as Response;
  expect(uploaded.status, JSON.stringify(uploaded)).toBe(302);
  const id = new URL(uploaded.headers.get("Location")!, "http://x").searchParams.get("extrato")!;
  const published = (await performanceAction(
    post(new URLSearchParams({ statementId: id })),
    robotId,
    STAFF,
  )) as Response;
  expect(published.status, JSON.stringify(published)).toBe(302);
  return id;
}

const ledger = generatedLedger({ trades: 500, months: 14 });

describe("a record made of a broker's statements", () => {
  it("is their union: overlaps counted once, a missing month a gap, each statement in the log", async () => {
    const periods = periodStatements(ledger, [
      { from: monthStart(2021, 11), to: monthStart(2022, 1) },
      // Overlaps the first by two weeks.
      { from: "2021.12.15 00:00:00", to: monthStart(2022, 4) },
      // April 2022 is in no statement.
      { from: monthStart(2022, 5), to: monthStart(2022, 9) },
      { from: monthStart(2022, 9), to: monthStart(2023, 2) },
    ]);
    const ids: string[] = [];
    for (const [i, period] of periods.entries()) {
      const file = utf8(mt4Statement(period.ledger, { openingBalance: period.openingBalance }));
      ids.push(await uploadAndPublish(file, `Statement-${i + 1}.htm`));
    }

    const parsed = await parseStatement(utf8(mt4Statement(ledger)));
    if (!parsed.ok) throw new Error("the whole history does not parse");
    const whole = computeRecord(parsed.statement, CLOCK);
    if (!whole.ok) throw new Error("the whole history does not compute");

    const view = await getVerifiedView(robotId);
    expect(view?.statementId).toBe(ids[3]);
    const record = view!.record;
    // Each trade once, April's in no statement.
    const april = ledger.trades.filter((t) => t.close.startsWith("2022.04")).length;
    expect(april).toBeGreaterThan(0);
    expect(record.trades).toBe(500 - april);
    expect(record.reconciled).toBe(true);
    expect(record.periodStart).toBe(whole.record.periodStart);
    expect(record.finalBalance).toBe(whole.record.finalBalance);
    expect(record.monthly).toEqual(
      whole.record.monthly.filter((m) => !(m.year === 2022 && m.month === 4)),
    );
    // No 12-month return across the gap.
    expect(record.twelveMonthReturnBps).toBeNull();
    expect(view?.history?.accounts).toEqual([
      expect.objectContaining({ account: "•••••321", statements: 4, current: true }),
    ]);
    expect(view?.history?.gaps).toEqual([
      expect.objectContaining({ from: expect.stringMatching(/^2022-0[34]-/) }),
    ]);
    // The agent page and the cards read the same combined record.
    expect((await getAgentBySlug(slug))?.verified?.record).toEqual(record);
    // The cards show no 12-month figure either.
    expect((await listVerifiedFigures()).midaspulse).toBeUndefined();
    // Until the fourth, each publication kept the union of the ones before it.
    const db = await getDb();
    const rows = await db
      .select({
        statementId: performancePublications.statementId,
        record: performancePublications.record,
      })
      .from(performancePublications)
      .where(eq(performancePublications.robotId, robotId));
    expect(rows.find((row) => row.statementId === ids[0])?.record).toBeNull();
    expect(rows.find((row) => row.statementId === ids[1])?.record?.trades).toBe(
      ledger.trades.filter((t) => t.close < monthStart(2022, 4)).length,
    );

    const log = await db
      .select({ kind: recordLogEntries.kind, statementId: recordLogEntries.statementId })
      .from(recordLogEntries);
    for (const id of ids) {
      expect(
        log
          .filter((entry) => entry.statementId === id)
          .map((e) => e.kind)
          .sort(),
      ).toEqual(["publication", "statement"]);
    }
  });
});
