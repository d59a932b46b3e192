import crypto from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { performanceStatementFiles, performanceStatements, robots } from "../../../db/schema.ts";
import { goldenLedger } from "../../../tests/support/golden-ledger.ts";
import {
  generatedLedger,
  mt4Statement,
  mt5Statement,
  utf16le,
  utf8,
} from "../../../tests/support/statement-fixtures.ts";
import { reconciliationLabels, verifiedCopy } from "../../content/performance.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { onPublicPagesChanged } from "../../platform/http/public-pages.server.ts";
import AgentPage, { loader as agentLoader } from "../../routes/site/agent.tsx";
import { loader as fileLoader } from "../../routes/site/statement-file.ts";
import { pageRecordOf } from "./chart.ts";
import { getAgentBySlug, getVerifiedView } from "./public-view.server.ts";
import { getPublishedFile, listStatements, listVerifiedFigures } from "./queries.server.ts";
import { performanceAction } from "./upload.server.ts";

const STAFF = "staff@agentesfx.test";
let yenmax: string;
let midas: string;

beforeAll(async () => {
  const db = await getDb();
  const rows = await db.select({ id: robots.id, key: robots.key }).from(robots);
  yenmax = rows.find((r) => r.key === "yenmax")!.id;
  midas = rows.find((r) => r.key === "midaspulse")!.id;
});

function uploadRequest(
  file: Uint8Array | null,
  fields: Partial<Record<"accountKind" | "broker" | "serverClock" | "currency", string>> = {},
  fileName = "DetailedStatement.htm",
) {
  const form = new FormData();
  const all = {
    accountKind: "real",
    broker: "Corretora Exemplo",
    serverClock: "+00:00",
    currency: "USD",
    ...fields,
  };
  for (const [name, value] of Object.entries(all)) form.set(name, value);
  if (file)
    form.set("file", new File([file as Uint8Array<ArrayBuffer>], fileName, { type: "text/html" }));
  return new Request("http://localhost/admin/robos/x/desempenho", { method: "POST", body: form });
}

function publishRequest(statementId: string) {
  return new Request("http://localhost/admin/robos/x/desempenho", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ statementId }).toString(),
  });
}

/** The action's answer: a redirect's target, or the refusal's status and body. */
async function act(robotId: string, request: Request) {
  const answer = await performanceAction(request, robotId, STAFF);
  if (answer instanceof Response) {
    return { status: answer.status, location: answer.headers.get("Location") ?? "" };
  }
  const { data, init } = answer as unknown as {
    data: { error: string; values: Record<string, string>; fieldErrors: Record<string, string> };
    init: ResponseInit;
  };
  return { status: init.status ?? 200, ...data };
}

async function upload(robotId: string, file: Uint8Array, fields = {}, fileName?: string) {
  const answer = await act(robotId, uploadRequest(file, fields, fileName));
  expect(answer.status).toBe(302);
  const id = new URL(`http://x${"location" in answer ? answer.location : ""}`).searchParams.get(
    "extrato",
  );
  if (!id) throw new Error(`no statement id in ${JSON.stringify(answer)}`);
  return id;
}

/** The stored parts of a statement's file, in order. */
async function storedParts(statementId: string) {
  const db = await getDb();
  const rows = await db
    .select({ part: performanceStatementFiles.part, bytes: performanceStatementFiles.bytes })
    .from(performanceStatementFiles)
    .where(eq(performanceStatementFiles.statementId, statementId))
    .orderBy(asc(performanceStatementFiles.part));
  return rows.map((row) => Buffer.from(row.bytes));
}

describe("statement upload, history and publication", () => {
  it("keeps the exact file with its SHA-256; the public sees nothing until staff publish", async () => {
    const bytes = utf16le(mt5Statement(goldenLedger));
    const id = await upload(yenmax, bytes, {}, "ReportHistory-12345678.html");
    const db = await getDb();
    const [stored] = await db
      .select()
      .from(performanceStatements)
      .where(eq(performanceStatements.id, id));
    expect(Buffer.concat(await storedParts(id)).equals(Buffer.from(bytes))).toBe(true);
    expect(stored!.sha256).toBe(crypto.createHash("sha256").update(bytes).digest("hex"));
    expect(stored).toMatchObject({
      format: "mt5",
      accountKind: "real",
      uploadedBy: STAFF,
      reconciled: true,
    });
    expect(stored!.record.netProfit).toBe(13_350);

    expect(await getVerifiedView(yenmax)).toBeNull();
    expect(await getPublishedFile(id)).toBeUndefined();

    const changes: string[] = [];
    const stop = onPublicPagesChanged((reason) => changes.push(reason));
    expect(await act(yenmax, publishRequest(id))).toMatchObject({ status: 302 });
    // The database's trigger says so at commit (docs/decisions/221).
    await expect.poll(() => changes).toContain("performance_publications");
    stop();

    const view = await getVerifiedView(yenmax);
    expect(view).toMatchObject({
      statementId: id,
      accountKind: "real",
      broker: "Corretora Exemplo",
    });
    // The page gets the record's figures and its chart, drawn once (docs/decisions/251), and
    // of the reconciliation only the lines that did not match: none (docs/decisions/458).
    const drawn = pageRecordOf(stored!.record);
    expect(drawn.record.reconciliation.length).toBeGreaterThan(0);
    expect(view).toEqual({
      ...view,
      chart: drawn.chart,
      record: { ...drawn.record, reconciliation: [] },
    });
    expect(view?.chart?.growthPath).toMatch(/^M0\.0 /);
    expect(view?.record).not.toHaveProperty("curve");
    // The agent page reads the robot and its publication in one query: the same view.
    expect(await getAgentBySlug("yenmax")).toEqual({
      robot: expect.objectContaining({ id: yenmax, key: "yenmax" }),
      verified: view,
    });
    const download = await fileLoader({ params: { id } } as never);
    expect(download.headers.get("Content-Disposition")).toContain("ReportHistory-12345678.html");
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });

  it("shows a newer published upload, keeps every upload, and refuses to change history", async () => {
    const ledger = generatedLedger({ trades: 200, months: 14 });
    const id = await upload(yenmax, utf8(mt4Statement(ledger)), { accountKind: "demo" });
    const before = await getVerifiedView(yenmax);
    await act(yenmax, publishRequest(id));
    const view = await getVerifiedView(yenmax);
    expect(view?.statementId).toBe(id);
    // What was drawn for the earlier publication is not what the newer one shows.
    const [stored] = await (
      await getDb()
    )
      .select({ record: performanceStatements.record })
      .from(performanceStatements)
      .where(eq(performanceStatements.id, id));
    const drawn = pageRecordOf(stored!.record);
    expect(view).toMatchObject({
      accountKind: "demo",
      chart: drawn.chart,
      record: { ...drawn.record, reconciliation: [] },
    });
    expect(view?.record.trades).toBe(200);
    expect(before?.record.trades).not.toBe(200);
    expect(view?.chart).not.toEqual(before?.chart);
    // The agent page's reading is kept until the database says public data changed: the
    // publication's notification empties it (docs/decisions/458).
    await expect.poll(async () => (await getAgentBySlug("yenmax"))?.verified).toEqual(view);
    const history = await listStatements(yenmax);
    expect(history).toHaveLength(2);
    expect(history.map((row) => row.publishedAt)).toEqual([expect.any(Date), expect.any(Date)]);

    const figures = await listVerifiedFigures();
    expect(figures.yenmax).toMatchObject({ accountKind: "demo" });
    expect(figures.yenmax?.twelveMonthReturnBps).toEqual(expect.any(Number));
    expect(figures.midaspulse).toBeUndefined();

    const db = await getDb();
    await expect(db.execute(sql`update performance_statements set broker = 'x'`)).rejects.toThrow();
    await expect(
      db.execute(sql`update performance_statement_files set bytes = '\\x00'`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from performance_statement_files`)).rejects.toThrow();
    await expect(db.execute(sql`delete from performance_publications`)).rejects.toThrow();
    expect(await listStatements(yenmax)).toHaveLength(2);
  });

  it("keeps a large file in parts of at most 256 KB and gives it back whole, byte for byte", async () => {
    const bytes = utf8(mt4Statement(generatedLedger({ trades: 2_000, months: 24, seed: 3 })));
    expect(bytes.byteLength).toBeGreaterThan(3 * 256 * 1024);
    const id = await upload(yenmax, bytes);
    const parts = await storedParts(id);
    expect(parts.length).toBe(Math.ceil(bytes.byteLength / (256 * 1024)));
    expect(parts.every((part) => part.byteLength <= 256 * 1024)).toBe(true);
    expect(Buffer.concat(parts).equals(Buffer.from(bytes))).toBe(true);
    const [listed] = await listStatements(yenmax);
    expect(listed).toMatchObject({ id, size: bytes.byteLength });

    await act(yenmax, publishRequest(id));
    const download = await fileLoader({ params: { id } } as never);
    expect(download.headers.get("Content-Length")).toBe(String(bytes.byteLength));
    const downloaded = Buffer.from(await download.arrayBuffer());
    expect(downloaded.equals(Buffer.from(bytes))).toBe(true);
    expect(crypto.createHash("sha256").update(downloaded).digest("hex")).toBe(
      download.headers.get("X-Checksum-SHA256"),
    );
  });

  it("refuses bad files with a Portuguese message, keeping what staff typed", async () => {
    const cases: Array<[Uint8Array | null, Record<string, string>, number, RegExp]> = [
      [null, {}, 400, /Escolha o arquivo/],
      [new Uint8Array(), {}, 422, /vazio/],
      [utf8("<html><body>Olá</body></html>"), {}, 422, /não é um extrato do MetaTrader/],
      [utf8(mt4Statement(goldenLedger, { withoutSummary: true })), {}, 422, /incompleto/],
      [
        utf8(mt4Statement({ ...goldenLedger, balances: goldenLedger.balances.slice(1) })),
        {},
        422,
        /começa no meio/,
      ],
      [
        utf8(
          mt4Statement({
            ...goldenLedger,
            trades: [...goldenLedger.trades, goldenLedger.trades[0]!],
          }),
        ),
        {},
        422,
        /aparece duas vezes/,
      ],
      [
        utf8(mt4Statement(goldenLedger)),
        { currency: "EUR" },
        422,
        /está em USD, mas a conta foi informada em EUR/,
      ],
      [
        utf16le(mt5Statement({ ...goldenLedger, kind: "demo" })),
        {},
        422,
        /diz que a conta é Conta demo/,
      ],
      [utf8(mt4Statement(goldenLedger)), { broker: "" }, 400, /Corretora/],
      [new Uint8Array(5 * 1024 * 1024 + 1), {}, 413, /mais de 5 MB/],
    ];
    for (const [file, fields, status, message] of cases) {
      const answer = await act(
        midas,
        uploadRequest(file, { broker: "Minha Corretora", ...fields }),
      );
      expect(answer.status, String(message)).toBe(status);
      expect("error" in answer && answer.error).toMatch(message);
      if (status !== 413)
        expect("values" in answer && answer.values.broker).toBe(fields.broker ?? "Minha Corretora");
    }
    expect(await listStatements(midas)).toHaveLength(0);
  });

  it("keeps a statement that does not add up, marked as not reconciled", async () => {
    const id = await upload(
      midas,
      utf8(mt4Statement(goldenLedger, { summary: { balance: 1_313_000 } })),
    );
    const [row] = await listStatements(midas);
    expect(row).toMatchObject({ id, reconciled: false });
  });

  it("publishes only a statement of the same robot", async () => {
    const [other] = await listStatements(midas);
    expect(await act(yenmax, publishRequest(other!.id))).toMatchObject({ status: 404 });
    expect(await act(yenmax, publishRequest("not-an-id"))).toMatchObject({ status: 404 });
  });

  it("shows a published statement that does not add up as not reconciled, with the difference", async () => {
    // The summary's gross profit is US$ 4,50 short of the trades' (US$ 674,50).
    const id = await upload(
      midas,
      utf8(mt4Statement(goldenLedger, { summary: { grossProfit: 67_000 } })),
    );
    expect(await act(midas, publishRequest(id))).toMatchObject({ status: 302 });

    // The agent page as the server renders it from its loader's data.
    const loaderData = await agentLoader({ params: { slug: "midaspulse" } } as never);
    const Page = createRoutesStub([
      {
        path: "/agentes/:slug",
        Component: () => createElement(AgentPage, { loaderData } as never),
      },
    ]);
    const html = renderToString(createElement(Page, { initialEntries: ["/agentes/midaspulse"] }));
    // The page's text; its no-break spaces (in money) stay as they are.
    const text = html
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]*>/g, " ")
      .replace(/[ \t\n\r]+/g, " ");
    expect(text).toContain(verifiedCopy.notReconciledBadge);
    expect(text).not.toContain(verifiedCopy.reconciledBadge);
    expect(text).toContain(verifiedCopy.notReconciledText);
    // Only the line that differs, ours × the statement's (the difference).
    expect(text).toContain(
      `${reconciliationLabels.grossProfit}: US$\u00a0674,50 × US$\u00a0670,00 (US$\u00a04,50)`,
    );
    expect(text).not.toContain(`${reconciliationLabels.grossLoss}:`);
  });

  it("keeps an agent page's reading until the database says public data changed", async () => {
    const db = await getDb();
    const kept = await getAgentBySlug("midaspulse");
    expect(kept?.robot.key).toBe("midaspulse");
    // Read again: the same reading, not another query's (docs/decisions/458).
    expect(await getAgentBySlug("midaspulse")).toBe(kept);
    // A plain-SQL write fires the trigger; its notification empties what was kept.
    await db.execute(sql`update robots set capacity = 7 where id = ${midas}`);
    await expect.poll(async () => (await getAgentBySlug("midaspulse"))?.robot.capacity).toBe(7);
    expect(await getAgentBySlug("midaspulse")).not.toBe(kept);
    // A slug no robot has is read every time, and keeps nothing.
    expect(await getAgentBySlug("nao-existe")).toBeUndefined();
  });
});
