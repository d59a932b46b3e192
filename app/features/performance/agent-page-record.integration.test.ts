import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { robots } from "../../../db/schema.ts";
import { goldenLedger } from "../../../tests/support/golden-ledger.ts";
import { generatedLedger, mt4Statement, utf8 } from "../../../tests/support/statement-fixtures.ts";
import { verifiedCopy } from "../../content/performance.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { onPublicPagesChanged } from "../../platform/http/public-pages.server.ts";
import AgentPage, { loader as agentLoader } from "../../routes/site/agent.tsx";
import { getVerifiedView } from "./public-view.server.ts";
import { performanceAction } from "./upload.server.ts";
import { VerifiedRecord } from "./verified-record.tsx";

// The agent page renders its record's HTML once per reading (docs/decisions/491): each
// view after a publication, an upload or a withdrawal shows what the database holds, the
// same HTML VerifiedRecord renders from it.

const STAFF = "staff@agentesfx.test";
const SLUG = "trendkey-btc";
let robotId: string;

beforeAll(async () => {
  const db = await getDb();
  const rows = await db.select({ id: robots.id, key: robots.key }).from(robots);
  robotId = rows.find((r) => r.key === SLUG)!.id;
});

function post(body: FormData | URLSearchParams) {
  return new Request("http://localhost/admin/robos/x/desempenho", { method: "POST", body });
}

/** Runs a staff action and waits until the database's change signal is heard (decision 221). */
async function changing(body: FormData | URLSearchParams): Promise<Response> {
  const heard: string[] = [];
  const stop = onPublicPagesChanged((reason) => heard.push(reason));
  try {
    const answer = (await performanceAction(post(body), robotId, STAFF)) as Response;
    expect(answer.status).toBe(302);
    await expect.poll(() => heard.length).toBeGreaterThan(0);
    return answer;
  } finally {
    stop();
  }
}

async function upload(bytes: Uint8Array): Promise<string> {
  const form = new FormData();
  form.set("accountKind", "real");
  form.set("broker", "Corretora Exemplo");
  form.set("serverClock", "+00:00");
  form.set("currency", "USD");
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], "Statement.htm"));
  const uploaded = await changing(form);
  return new URL(uploaded.headers.get("Location")!, "http://x").searchParams.get("extrato")!;
}

const publish = (statementId: string) => changing(new URLSearchParams({ statementId }));

function rendered(element: React.ReactElement, path: string) {
  const Stub = createRoutesStub([
    { path, Component: () => element },
    { path: "*", Component: () => null },
  ]);
  return renderToString(createElement(Stub, { initialEntries: [path] }));
}

/** The agent page as the server renders it from its loader's data. */
async function agentPage() {
  const loaderData = await agentLoader({ params: { slug: SLUG } } as never);
  return rendered(createElement(AgentPage, { loaderData } as never), `/agentes/${SLUG}`);
}

/** The record as VerifiedRecord renders it from what the database holds now. */
async function liveRecord() {
  const view = await getVerifiedView(robotId);
  if (!view) throw new Error("nothing published");
  return rendered(createElement(VerifiedRecord, { name: "TrendKey BTC", view }), "/");
}

describe("the agent page's rendered record", () => {
  it("shows each publication, upload and withdrawal on the next view", async () => {
    const before = await agentPage();
    expect(before).toContain(verifiedCopy.preparingTitle);
    expect(before).not.toContain('data-testid="verified-record"');

    const first = await upload(utf8(mt4Statement(goldenLedger)));
    await publish(first);
    const shown = await agentPage();
    expect(shown).toContain(await liveRecord());
    expect(shown).toContain(`/extratos/${first}`);
    // Viewed again: the same page.
    expect(await agentPage()).toBe(shown);

    // A newer publication (another account's) replaces it.
    const second = await upload(
      utf8(mt4Statement({ ...generatedLedger({ trades: 200, months: 14 }), account: "99887766" })),
    );
    const uploaded = await agentPage();
    // The upload alone is in the record's history already (docs/decisions/372).
    expect(uploaded).not.toBe(shown);
    expect(uploaded).toContain(await liveRecord());
    await publish(second);
    const newer = await agentPage();
    expect(newer).toContain(await liveRecord());
    expect(newer).toContain(`/extratos/${second}`);
    expect(newer).not.toContain(`/extratos/${first}"`);

    await changing(new URLSearchParams({ intent: "withdraw" }));
    const withdrawn = await agentPage();
    expect(withdrawn).toContain(verifiedCopy.preparingTitle);
    expect(withdrawn).not.toContain('data-testid="verified-record"');
    expect(withdrawn).not.toContain(`/extratos/${second}`);
  });
});
