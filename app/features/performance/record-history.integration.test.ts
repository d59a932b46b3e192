import { eq, sql } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { createElement } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { performanceRecordStarts, robots } from "../../../db/schema.ts";
import { goldenLedger } from "../../../tests/support/golden-ledger.ts";
import {
  mt4Statement,
  utf8,
  type FixtureLedger,
} from "../../../tests/support/statement-fixtures.ts";
import { getDb } from "../../platform/db/db.server.ts";
import AgentSheetPage, { loader as sheetLoader } from "../../routes/site/agent-sheet.tsx";
import { getVerifiedView } from "./public-view.server.ts";
import { performanceAction } from "./upload.server.ts";

// Issue 38's "no cherry-picking" on the database (PGlite, and PostgreSQL with DATABASE_URL):
// the start fixed by the first publication, every account listed, gaps shown.

const STAFF = "staff@agentesfx.test";
let trendkey: string;

beforeAll(async () => {
  const db = await getDb();
  const rows = await db.select({ id: robots.id, key: robots.key }).from(robots);
  trendkey = rows.find((r) => r.key === "trendkey-btc")!.id;
});

function post(body: FormData | URLSearchParams) {
  return new Request("http://localhost/admin/robos/x/desempenho", { method: "POST", body });
}

async function uploadAndPublish(bytes: Uint8Array): Promise<string> {
  const form = new FormData();
  form.set("accountKind", "real");
  form.set("broker", "Corretora Exemplo");
  form.set("serverClock", "+00:00");
  form.set("currency", "USD");
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], "Statement.htm"));
  const uploaded = (await performanceAction(post(form), trendkey, STAFF)) as Response;
  expect(uploaded.status).toBe(302);
  const id = new URL(uploaded.headers.get("Location")!, "http://x").searchParams.get("extrato")!;
  const published = (await performanceAction(
    post(new URLSearchParams({ statementId: id })),
    trendkey,
    STAFF,
  )) as Response;
  expect(published.status).toBe(302);
  return id;
}

/** The golden quarter moved three months on, on another account: 5 Apr to 25 Jun 2026. */
const laterAccount: FixtureLedger = (() => {
  const shift = (time: string) =>
    time.replace(/^2026\.0([123])/, (_, month: string) => `2026.0${Number(month) + 3}`);
  return {
    ...goldenLedger,
    account: "87654321",
    balances: goldenLedger.balances.map((b) => ({ ...b, time: shift(b.time) })),
    trades: goldenLedger.trades.map((t) => ({ ...t, open: shift(t.open), close: shift(t.close) })),
    cancelled: [],
  };
})();

async function renderSheet() {
  const loaderData = await sheetLoader({ params: { slug: "trendkey-btc" } } as never);
  const Stub = createRoutesStub([
    {
      path: "/agentes/:slug/lamina",
      Component: () => createElement(AgentSheetPage, { loaderData } as never),
    },
    { path: "*", Component: () => null },
  ]);
  return renderToString(createElement(Stub, { initialEntries: ["/agentes/trendkey-btc/lamina"] }));
}

describe("a robot's record over its accounts", () => {
  it("keeps the first publication's start, lists every account and shows the gap", async () => {
    await uploadAndPublish(utf8(mt4Statement(goldenLedger)));
    const first = await getVerifiedView(trendkey);
    expect(first?.history).toEqual({
      startedAt: "2026-01-05T09:00:00.000Z",
      accounts: [expect.objectContaining({ account: "•••••678", current: true, statements: 1 })],
      gaps: [],
    });

    // A later account published: the start does not move, the first account is listed as
    // stopped, and 26 Mar to 4 Apr (10 days without any statement) is a gap.
    await uploadAndPublish(utf8(mt4Statement(laterAccount)));
    const later = await getVerifiedView(trendkey);
    expect(later?.history).toEqual({
      startedAt: "2026-01-05T09:00:00.000Z",
      accounts: [
        {
          account: "•••••678",
          broker: "Corretora Exemplo",
          accountKind: "real",
          from: "2026-01-05T09:00:00.000Z",
          to: "2026-03-25T17:00:00.000Z",
          statements: 1,
          current: false,
        },
        expect.objectContaining({ account: "•••••321", current: true }),
      ],
      gaps: [{ from: "2026-03-26", to: "2026-04-04", days: 10 }],
    });

    // The sheet says so, and gives no "since the start" return across the gap.
    const html = await renderSheet();
    expect(html).toContain("Início do histórico: 05/01/2026");
    expect(html).toContain("Sem extrato de 26/03/2026 a 04/04/2026 (10 dias)");
    expect(html).toContain("Parada");
    expect(html).toContain(
      "Não calculado: o histórico deste robô começa em 05/01/2026, e o extrato publicado só em 05/04/2026.",
    );
    expect(html).toContain("Analista responsável");
  });

  it("refuses to move or delete a start", async () => {
    const db = await getDb();
    await expect(
      db.execute(sql`update performance_record_starts set started_at = now()`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from performance_record_starts`)).rejects.toThrow();
    const [row] = await db
      .select({ startedAt: performanceRecordStarts.startedAt })
      .from(performanceRecordStarts)
      .where(eq(performanceRecordStarts.robotId, trendkey));
    expect(row?.startedAt.toISOString()).toBe("2026-01-05T09:00:00.000Z");
  });
});
