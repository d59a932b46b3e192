import zlib from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import {
  consentEvents,
  invitations,
  robots,
  waitlist,
  waitlistStatusChanges,
} from "../../../db/schema.ts";
import { callSection, signIn } from "../../../tests/support/admin-requests.ts";
import { createOrResetAdmin } from "../../lib/auth.server.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { eq, inArray, sql } from "drizzle-orm";
import type { ConsentKind } from "../../features/privacy/model.ts";

// /admin/lista and /admin/lista/:id on both databases: keyset pages, filters, counts, bad
// query strings, bulk status and the detail with its history.
const ADMIN = { email: "lista@agentesfx.test", password: "uma-senha-bem-longa-2" };
const PEOPLE = 120;
let cookie: string;

interface ListBody {
  rows: Array<{ id: string; name: string; email: string; createdAt: Date; status: string }>;
  next: { createdAt: string; id: string } | null;
  previous: { createdAt: string; id: string } | null;
  total: number;
  byStatus: Record<string, number>;
  byAgent: Record<string, number>;
  error?: string;
}

const list = async (search: string) => {
  const outcome = await callSection("/admin/lista", { cookie, path: `/admin/lista${search}` });
  return { status: outcome.status, body: outcome.body as ListBody };
};
const cursorParam = (cursor: { createdAt: string; id: string }) =>
  encodeURIComponent(`${cursor.createdAt}|${cursor.id}`);

beforeAll(async () => {
  const db = await getDb();
  await createOrResetAdmin(db, ADMIN);
  // 120 people; every 10th shares the same instant with its neighbour (ties broken by id).
  const base = Date.parse("2026-10-01T12:00:00Z");
  await db.insert(waitlist).values(
    Array.from({ length: PEOPLE }, (_, i) => ({
      name: i === 7 ? "João Conceição" : `Pessoa ${String(i).padStart(3, "0")}`,
      email: `p${i}@exemplo.com`,
      interestedAgents: i % 2 === 0 ? ["yenmax"] : ["midaspulse", "trendkey-btc"],
      status: (["pending", "contacted", "converted"] as const)[i % 3],
      source: i % 4 === 0 ? "instagram" : null,
      termsAcceptedAt: new Date(base),
      createdAt: new Date(base + Math.floor(i / 2) * 3_600_000 * 3 + (i % 2) * 0.5),
    })),
  );
  cookie = await signIn(ADMIN.email, ADMIN.password, "198.51.100.70");
});

describe("/admin/lista", () => {
  it("walks every row exactly once in keyset pages of 50, newest first, and back", async () => {
    const seen: string[] = [];
    let page = await list("");
    expect(page.body.total).toBe(PEOPLE);
    expect(page.body.previous).toBeNull();
    const pages: ListBody[] = [page.body];
    while (page.body.next) {
      page = await list(`?apos=${cursorParam(page.body.next)}`);
      pages.push(page.body);
    }
    for (const body of pages) seen.push(...body.rows.map((row) => row.id));
    expect(pages.map((body) => body.rows.length)).toEqual([50, 50, 20]);
    expect(new Set(seen).size).toBe(PEOPLE);
    const times = pages.flatMap((body) => body.rows.map((row) => row.createdAt.getTime()));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // Back from the last page gives the middle page again.
    const back = await list(`?antes=${cursorParam(pages[2]!.previous!)}`);
    expect(back.body.rows.map((row) => row.id)).toEqual(pages[1]!.rows.map((row) => row.id));

    const oldest = await list("?ordem=antigos");
    expect(oldest.body.rows[0]?.id).toBe(seen.at(-1));
  });

  it("filters by accent- and case-insensitive search, status, agent, source and days", async () => {
    expect((await list("?q=CONCEICAO")).body.rows.map((row) => row.name)).toEqual([
      "João Conceição",
    ]);
    expect((await list("?q=joão")).body.total).toBe(1);
    expect((await list("?q=P7%40exemplo")).body.rows.map((row) => row.email)).toEqual([
      "p7@exemplo.com",
    ]);
    expect((await list("?q=%25")).body.total).toBe(0);
    const contacted = await list("?status=contacted");
    expect(contacted.body.total).toBe(40);
    expect(contacted.body.rows.every((row) => row.status === "contacted")).toBe(true);
    // Per-status counts ignore the status filter; per-agent counts follow it.
    expect(contacted.body.byStatus).toEqual({ pending: 40, contacted: 40, converted: 40 });
    const agent = await list("?agente=yenmax&status=pending");
    expect(agent.body.total).toBe(20);
    expect(agent.body.byAgent).toEqual({ yenmax: 20, midaspulse: 20, "trendkey-btc": 20 });
    expect((await list("?origem=instagram")).body.total).toBe(30);
    // 2026-10-01 12:00 UTC is 09:00 in São Paulo; rows every 3 hours, two per instant.
    const oneDay = await list("?de=2026-10-01&ate=2026-10-01");
    expect(oneDay.body.total).toBe(10);
  });

  it.each([
    "?status=xyz",
    "?agente=nenhum",
    "?apos=nao-decodifica",
    "?antes=2026-01-01T00:00:00.000000Z%7Cnot-a-uuid",
    "?de=2026-13-45",
    "?ordem=lado",
    `?q=${"a".repeat(10_000)}`,
  ])("answers %s with 400 and a Portuguese reason, never 500", async (search) => {
    const outcome = await list(search);
    expect(outcome.status).toBe(400);
    expect(outcome.body.rows).toEqual([]);
    expect(outcome.body.error).toMatch(/[a-zá]/i);
  });

  it("reads the filter form's empty choices ('Todos') as no filter", async () => {
    const outcome = await list("?q=&status=&agente=&de=&ate=&origem=&ordem=");
    expect(outcome.status).toBe(200);
    expect(outcome.body.total).toBe(PEOPLE);
  });

  it("ignores unknown parameters such as pagina=-1", async () => {
    const outcome = await list("?pagina=-1");
    expect(outcome.status).toBe(200);
    expect(outcome.body.rows).toHaveLength(50);
  });

  it("changes the status of the selected rows at once and records who did it", async () => {
    const { rows } = (await list("?status=pending")).body;
    const ids = rows.slice(0, 3).map((row) => row.id);
    const outcome = await callSection("/admin/lista", {
      cookie,
      fields: { id: ids, status: "converted" },
    });
    expect(outcome.body).toEqual({ ok: true });
    const db = await getDb();
    const stored = await db.select().from(waitlist).where(inArray(waitlist.id, ids));
    expect(stored.map((row) => row.status)).toEqual(["converted", "converted", "converted"]);
    const history = await db
      .select()
      .from(waitlistStatusChanges)
      .where(inArray(waitlistStatusChanges.entryId, ids));
    expect(history).toHaveLength(3);
    expect(history.every((line) => line.changedBy === ADMIN.email)).toBe(true);

    const refused = await callSection("/admin/lista", {
      cookie,
      fields: { id: ids, status: "pending" },
    });
    expect(refused.status).toBe(400);
    const none = await callSection("/admin/lista", { cookie, fields: { status: "converted" } });
    expect(none.status).toBe(400);
  });

  it("changes everyone in the filter, past the page, only for the number confirmed", async () => {
    const db = await getDb();
    await db.execute(sql`
      insert into waitlist (name, email, status, terms_accepted_at, source)
      select 'Filtro ' || i, 'filtro' || i || '@exemplo.com',
             case when i <= 10 then 'contacted' else 'pending' end, now(), 'Feira'
        from generate_series(1, 130) as i`);
    const filter = "q=filtro&origem=feira";
    const whole = (fields: Record<string, string>) =>
      callSection("/admin/lista", {
        cookie,
        fields: { escopo: "filtro", filtro: filter, ...fields },
      });
    // The list said 130: a stale number changes nothing and gives the new one.
    const stale = await whole({ status: "contacted", quantidade: "129" });
    expect(stale.status).toBe(409);
    expect((stale.body as { error: string }).error).toContain("130");
    expect(await db.$count(waitlist, eq(waitlist.source, "Feira"))).toBe(130);
    expect(
      await db.$count(
        waitlist,
        sql`${waitlist.source} = 'Feira' and ${waitlist.status} = 'contacted'`,
      ),
    ).toBe(10);

    expect((await whole({ status: "contacted", quantidade: "130" })).body).toEqual({ ok: true });
    const stored = await db
      .select({ status: waitlist.status, id: waitlist.id })
      .from(waitlist)
      .where(eq(waitlist.source, "Feira"));
    expect(stored.every((row) => row.status === "contacted")).toBe(true);
    // History for the 120 that changed, none for the 10 already contacted.
    const history = await db
      .select()
      .from(waitlistStatusChanges)
      .where(
        inArray(
          waitlistStatusChanges.entryId,
          stored.map((row) => row.id),
        ),
      );
    expect(history).toHaveLength(120);
    expect(history.every((line) => line.changedBy === ADMIN.email)).toBe(true);
    expect((await list(`?${filter}`)).body.byStatus.contacted).toBe(130);

    const refusals: Record<string, string>[] = [
      { status: "pending", quantidade: "130" },
      { status: "converted", quantidade: "0" },
      { status: "converted", quantidade: "abc" },
      { status: "converted", quantidade: "130", filtro: "de=2026-02-31" },
    ];
    for (const fields of refusals) {
      expect((await whole(fields)).status).toBe(400);
    }
  });
});

describe("/admin/lista/:id", () => {
  it("shows everything stored and the status history", async () => {
    const db = await getDb();
    const [entry] = await db.select().from(waitlist).where(eq(waitlist.email, "p7@exemplo.com"));
    const path = `/admin/lista/${entry!.id}`;
    const change = await callSection("/admin/lista/:id", {
      cookie,
      path,
      params: { id: entry!.id },
      fields: { status: "converted" },
    });
    expect(change.body).toEqual({ ok: true });
    const outcome = await callSection("/admin/lista/:id", {
      cookie,
      path,
      params: { id: entry!.id },
    });
    expect(outcome.body).toMatchObject({
      entry: {
        name: "João Conceição",
        interestedAgents: ["midaspulse", "trendkey-btc"],
        marketingConsent: false,
        status: "converted",
      },
      history: [{ status: "converted", changedBy: ADMIN.email }],
    });
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nao-e-uuid"]) {
      const outcome = await callSection("/admin/lista/:id", {
        cookie,
        path: `/admin/lista/${id}`,
        params: { id },
      });
      expect(outcome.status).toBe(404);
    }
  });
});

describe("/admin/lista.csv", () => {
  const csv = (search: string) =>
    callSection("/admin/lista.csv", { cookie, path: `/admin/lista.csv${search}` });

  it("exports the whole filter with BOM, header, pt-BR dates and neutralised formulas", async () => {
    const db = await getDb();
    const names = ["=HYPERLINK(1)", "+1", "-2", "@SUM", "\tTab", "\rCR", "\uFF1DFULLWIDTH"];
    await db.insert(waitlist).values(
      names.map((name, i) => ({
        name,
        email: `formula${i}@exemplo.com`,
        message: i === 0 ? "linha 1\nlinha 2, com vírgula" : null,
        source: "planilha",
        interestedAgents: ["yenmax"],
        termsAcceptedAt: new Date("2026-11-02T02:30:00Z"),
        createdAt: new Date(Date.parse("2026-11-02T02:30:00Z") + i * 1000),
      })),
    );
    const outcome = await csv("?origem=planilha&ordem=antigos&apos=ignored-by-the-export");
    // A cursor that does not decode is refused like on the list.
    expect(outcome.status).toBe(400);

    const ok = await csv("?origem=planilha&ordem=antigos");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(ok.headers.get("content-disposition")).toContain("lista-de-espera.csv");
    const bytes = new Uint8Array(await ok.response!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1);
    const lines = text.split("\n");
    expect(lines[0]).toBe(
      "Nome;Email;Agentes de Interesse;Status;Mensagem;E-mail confirmado em;Aceita receber comunicações;Consentimento de comunicações alterado em;Termos aceitos em;Origem (utm_source);Meio (utm_medium);Campanha (utm_campaign);Site de referência;Convites;Inscrição em",
    );
    // 02:30 UTC is 23:30 of the day before in São Paulo.
    expect(lines[1]).toBe(`'=HYPERLINK(1);formula0@exemplo.com;YenMax Agent;Pendente;"linha 1`);
    expect(lines[2]).toBe(
      `linha 2, com vírgula";;Não;;01/11/2026 23:30;planilha;;;;;01/11/2026 23:30`,
    );
    expect(text).toContain("\n'+1;");
    expect(text).toContain("\n'-2;");
    expect(text).toContain("\n'@SUM;");
    expect(text).toContain("\n'\tTab;");
    expect(text).toContain(`\n"'\rCR";`);
    expect(text).toContain("\n'\uFF1DFULLWIDTH;");
    expect(text.trimEnd().split("\n")).toHaveLength(1 + names.length + 1);
  });

  it("neutralises formulas in every text cell and writes agents, quotes and CR as before", async () => {
    const db = await getDb();
    const [robot] = await db
      .insert(robots)
      .values({ key: "arroba", name: "@Robô", slug: "robo-arroba", description: "Robô de teste." })
      .returning({ id: robots.id });
    const [person] = await db
      .insert(waitlist)
      .values({
        name: 'Aspas "Duplas"',
        email: "bordas@exemplo.com",
        message: "=1+1\rmeio",
        interestedAgents: ["-desconhecido", "yenmax", "trendkey-btc"],
        source: "bordas",
        utmMedium: "+cpc",
        utmCampaign: "",
        referrer: "－largo",
        termsAcceptedAt: new Date("2026-11-02T12:00:00Z"),
        createdAt: new Date("2026-11-02T12:00:00Z"),
      })
      .returning({ id: waitlist.id });
    await db.insert(invitations).values({
      waitlistId: person!.id,
      robotId: robot!.id,
      invitedBy: "a@b.c",
      sentAt: new Date("2026-11-05T12:00:00Z"),
      deadline: new Date("2026-11-07T12:00:00Z"),
      status: "accepted",
    });
    const text = await (await csv("?origem=bordas")).response!.text();
    expect(text.trimEnd().split("\n")[1]).toBe(
      `"Aspas ""Duplas""";bordas@exemplo.com;'-desconhecido, YenMax Agent, TrendKey BTC;Pendente;"'=1+1\rmeio";;Não;;02/11/2026 09:00;bordas;'+cpc;;'－largo;'@Robô: Aceito (enviado em 05/11/2026 09:00);02/11/2026 09:00`,
    );
  });

  it("exports a search holding quotes, a backslash and SQL as that search, nothing else", async () => {
    // PostgreSQL's COPY takes no parameters: the filter's values are literals in its text.
    const db = await getDb();
    await db.insert(waitlist).values([
      {
        name: "Ana D'Ávila \\ Souza",
        email: "aspas-simples@exemplo.com",
        source: "literais",
        termsAcceptedAt: new Date(),
      },
      {
        name: "Ana Davila",
        email: "sem-aspas@exemplo.com",
        source: "literais",
        termsAcceptedAt: new Date(),
      },
    ]);
    for (const q of ["d'ávila \\ souza", "'); drop table waitlist; --"]) {
      const outcome = await csv(`?origem=literais&q=${encodeURIComponent(q)}`);
      expect(outcome.status).toBe(200);
      const rows = (await outcome.response!.text()).trimEnd().split("\n").slice(1);
      expect(rows.map((row) => row.split(";")[1])).toEqual(
        q.startsWith("d'") ? ["aspas-simples@exemplo.com"] : [],
      );
    }
  });

  it("exports every row of a large filter, past the batch size", async () => {
    const ok = await csv("");
    const text = await ok.response!.text();
    const db = await getDb();
    const all = await db.select({ id: waitlist.id }).from(waitlist);
    // Header plus one line per entry (one message spans two lines).
    expect(text.trimEnd().split("\n")).toHaveLength(1 + all.length + 1);
  });

  it("sends the file compressed by its worker on PostgreSQL, the same bytes once decoded", async () => {
    const plain = await (await csv("?ordem=antigos")).response!.arrayBuffer();
    const browser = await callSection("/admin/lista.csv", {
      cookie,
      path: "/admin/lista.csv?ordem=antigos",
      acceptEncoding: "gzip, deflate, br, zstd",
    });
    const encoding = browser.headers.get("content-encoding");
    const sent = Buffer.from(await browser.response!.arrayBuffer());
    expect(browser.headers.get("vary")).toBe("Accept-Encoding");
    // On PGlite the rows are written in the web thread, and the server's compression encodes them.
    expect(encoding).toBe(getEnv().DATABASE_URL ? "br" : null);
    expect(encoding === "br" ? zlib.brotliDecompressSync(sent) : sent).toEqual(Buffer.from(plain));
  });

  it("streams its batches as one CSV: one header, every row once, in order", async () => {
    const db = await getDb();
    await db.execute(sql`
      insert into waitlist (name, email, terms_accepted_at, source, created_at)
      select 'Lote ' || i, 'lote' || i || '@exemplo.com', now(), 'lote',
             timestamptz '2026-06-01 12:00:00Z' + i * interval '1 second'
        from generate_series(1, 2100) as i`);
    // The BOM kept, so the test sees every byte sent.
    const raw = async (search: string) =>
      new TextDecoder("utf-8", { ignoreBOM: true }).decode(
        await (await csv(search)).response!.arrayBuffer(),
      );
    const text = await raw("?origem=lote&ordem=antigos");
    const lines = text.trimEnd().split("\n");
    expect(lines).toHaveLength(1 + 2100);
    expect(lines[0]).toMatch(/^\ufeffNome;/);
    expect(lines.filter((line) => line.includes("Nome;Email;"))).toHaveLength(1);
    expect(lines.slice(1).map((line) => line.split(";")[0])).toEqual(
      Array.from({ length: 2100 }, (_, i) => `Lote ${i + 1}`),
    );

    const empty = await raw("?origem=ninguem");
    expect(empty).toBe(
      "\ufeffNome;Email;Agentes de Interesse;Status;Mensagem;E-mail confirmado em;Aceita receber comunicações;Consentimento de comunicações alterado em;Termos aceitos em;Origem (utm_source);Meio (utm_medium);Campanha (utm_campaign);Site de referência;Convites;Inscrição em\n",
    );
  });

  it("carries confirmation, consent, campaign and invitations; ',' on request; bad separator 400", async () => {
    const db = await getDb();
    const [robot] = await db.select({ id: robots.id, name: robots.name }).from(robots).limit(1);
    const [person] = await db
      .insert(waitlist)
      .values({
        name: "Campanha Completa",
        email: "campanha@exemplo.com",
        source: "google",
        utmMedium: "cpc",
        utmCampaign: "lancamento",
        referrer: "https://www.google.com",
        marketingConsent: true,
        confirmedAt: new Date("2026-11-03T13:00:00Z"),
        termsAcceptedAt: new Date("2026-11-03T12:00:00Z"),
        createdAt: new Date("2026-11-03T12:00:00Z"),
      })
      .returning({ id: waitlist.id });
    await db.insert(consentEvents).values([
      {
        waitlistId: person!.id,
        kind: "marketing-given",
        channel: "signup-form",
        textVersion: "1",
        createdAt: new Date("2026-11-03T12:00:00Z"),
      },
      {
        waitlistId: person!.id,
        kind: "marketing-given",
        channel: "meus-dados",
        textVersion: "1",
        createdAt: new Date("2026-11-04T12:00:00Z"),
      },
    ]);
    await db.insert(invitations).values({
      waitlistId: person!.id,
      robotId: robot!.id,
      invitedBy: "a@b.c",
      sentAt: new Date("2026-11-05T12:00:00Z"),
      deadline: new Date("2026-11-07T12:00:00Z"),
      status: "expired",
    });
    const line = async (search: string) =>
      (await (await csv(search)).response!.text()).trimEnd().split("\n")[1];
    expect(await line("?q=campanha%40")).toBe(
      `Campanha Completa;campanha@exemplo.com;Não especificado;Pendente;;03/11/2026 10:00;Sim;04/11/2026 09:00;03/11/2026 09:00;google;cpc;lancamento;https://www.google.com;${robot!.name}: Expirado (enviado em 05/11/2026 09:00);03/11/2026 09:00`,
    );
    expect(await line("?q=campanha%40&separador=virgula")).toBe(
      `Campanha Completa,campanha@exemplo.com,Não especificado,Pendente,,03/11/2026 10:00,Sim,04/11/2026 09:00,03/11/2026 09:00,google,cpc,lancamento,https://www.google.com,${robot!.name}: Expirado (enviado em 05/11/2026 09:00),03/11/2026 09:00`,
    );
    expect((await csv("?separador=tab")).status).toBe(400);
  });

  it("lists every invitation oldest first and the latest marketing consent, each on its own row", async () => {
    const db = await getDb();
    const [seeded] = await db.select({ id: robots.id, name: robots.name }).from(robots).limit(1);
    // A robot name with the separator and quotes, which the CSV quotes and doubles.
    const [quoted] = await db
      .insert(robots)
      .values({
        key: "aspas",
        name: 'Robô "Aspas"; Ltda',
        slug: "robo-aspas",
        description: "Robô de teste.",
      })
      .returning({ id: robots.id });
    const people = await db
      .insert(waitlist)
      .values(
        ["Convites Vários", "Sem Convite", "Só Confirmou"].map((name, i) => ({
          name,
          email: `detalhes${i}@exemplo.com`,
          source: "detalhes",
          termsAcceptedAt: new Date("2026-11-06T12:00:00Z"),
          createdAt: new Date(Date.parse("2026-11-06T12:00:00Z") + i * 1000),
        })),
      )
      .returning({ id: waitlist.id });
    const [many, none, confirmedOnly] = people.map((person) => person.id) as [
      string,
      string,
      string,
    ];
    const consent = (waitlistId: string, kind: ConsentKind, at: string) => ({
      waitlistId,
      kind,
      channel: "meus-dados" as const,
      textVersion: "1",
      createdAt: new Date(at),
    });
    await db.insert(consentEvents).values([
      consent(many, "marketing-given", "2026-11-06T12:00:00Z"),
      consent(many, "marketing-withdrawn", "2026-11-08T12:00:00Z"),
      // Later, but not a marketing consent: the column keeps the withdrawal's time.
      consent(many, "email-confirmed", "2026-11-09T12:00:00Z"),
      consent(many, "terms-accepted", "2026-11-10T12:00:00Z"),
      consent(none, "marketing-given", "2026-11-07T15:30:00Z"),
      consent(confirmedOnly, "email-confirmed", "2026-11-07T12:00:00Z"),
    ]);
    // Inserted newest first; the cell lists them oldest first.
    await db.insert(invitations).values([
      {
        waitlistId: many,
        robotId: quoted!.id,
        invitedBy: "a@b.c",
        sentAt: new Date("2026-11-09T12:00:00Z"),
        deadline: new Date("2026-11-11T12:00:00Z"),
        status: "sent",
      },
      {
        waitlistId: many,
        robotId: seeded!.id,
        invitedBy: "a@b.c",
        sentAt: new Date("2026-11-07T12:00:00Z"),
        deadline: new Date("2026-11-09T12:00:00Z"),
        status: "declined",
      },
    ]);
    const text = await (await csv("?origem=detalhes&ordem=antigos")).response!.text();
    expect(text.trimEnd().split("\n").slice(1)).toEqual([
      `Convites Vários;detalhes0@exemplo.com;Não especificado;Pendente;;;Não;08/11/2026 09:00;06/11/2026 09:00;detalhes;;;;"${seeded!.name}: Recusado (enviado em 07/11/2026 09:00); Robô ""Aspas""; Ltda: Enviado (enviado em 09/11/2026 09:00)";06/11/2026 09:00`,
      `Sem Convite;detalhes1@exemplo.com;Não especificado;Pendente;;;Não;07/11/2026 12:30;06/11/2026 09:00;detalhes;;;;;06/11/2026 09:00`,
      `Só Confirmou;detalhes2@exemplo.com;Não especificado;Pendente;;;Não;;06/11/2026 09:00;detalhes;;;;;06/11/2026 09:00`,
    ]);
  });
});
