import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { blogPosts, robots, session, waitlist } from "../../../db/schema.ts";
import { callAdminAction, callAdminLoader, signIn } from "../../../tests/support/admin-requests.ts";
import { cookieFrom } from "../../../tests/support/http.ts";
import { createOrResetAdmin } from "../../lib/auth.server.ts";
import { getDb } from "../../lib/db.server.ts";

const ADMIN = { email: "admin@agentesfx.test", password: "uma-senha-bem-longa-1" };
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

let cookie: string;

async function robotBySlug(slug: string) {
  const db = await getDb();
  const [row] = await db.select().from(robots).where(eq(robots.slug, slug));
  if (!row) throw new Error(`no robot ${slug}`);
  return row;
}

async function postBySlug(slug: string) {
  const db = await getDb();
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.slug, slug));
  return row;
}

async function snapshot() {
  const db = await getDb();
  return {
    waitlist: await db.select().from(waitlist).orderBy(asc(waitlist.email)),
    robots: await db.select().from(robots).orderBy(asc(robots.slug)),
    posts: await db.select().from(blogPosts).orderBy(asc(blogPosts.slug)),
  };
}

const robotFields = (id: string, overrides: Record<string, string> = {}) => ({
  intent: "update-robot",
  id,
  name: "YenMax Agent",
  slug: "yenmax",
  description: "Agente para USDJPY.",
  logoUrl: "",
  myfxbookLink: "",
  price: "199",
  ...overrides,
});

const postFields = (overrides: Record<string, string> = {}) => ({
  intent: "create-post",
  title: "Gestão de risco",
  slug: "gestao-de-risco",
  excerpt: "Resumo curto.",
  content: "## Conteúdo\n\nTexto do post.",
  featuredImageUrl: "",
  category: "Educação",
  author: "Equipe Agentes FX",
  ...overrides,
});

beforeAll(async () => {
  const db = await getDb();
  await createOrResetAdmin(db, ADMIN);
  await db.insert(waitlist).values([
    {
      name: "Ana Antiga",
      email: "ana@exemplo.com",
      interestedAgents: ["yenmax", "trendkey-btc"],
      termsAcceptedAt: new Date("2026-11-01T12:00:00Z"),
      createdAt: new Date("2026-11-01T12:00:00Z"),
    },
    {
      name: "Bruno Novo",
      email: "bruno@exemplo.com",
      termsAcceptedAt: new Date("2026-11-20T12:00:00Z"),
      createdAt: new Date("2026-11-20T12:00:00Z"),
    },
  ]);
  cookie = await signIn(ADMIN.email, ADMIN.password);
});

describe("without a session", () => {
  it("the loader shows the login and no admin data, on every tab", async () => {
    for (const search of ["", "?tab=robos", "?tab=blog"]) {
      const outcome = await callAdminLoader({ search });
      expect(outcome.body).toEqual({ view: "login" });
    }
    const forged = await callAdminLoader({ cookie: "better-auth.session_token=forged.value" });
    expect(forged.body).toEqual({ view: "login" });
  });

  it("every admin action answers 401 and changes nothing", async () => {
    const before = await snapshot();
    const robot = await robotBySlug("yenmax");
    const post = await postBySlug("hedge-e-preco-medio");
    const [entry] = before.waitlist;
    const attempts: Array<Record<string, string>> = [
      { intent: "set-waitlist-status", id: entry!.id, status: "converted" },
      robotFields(robot.id, { price: "1" }),
      postFields({ slug: "sem-sessao" }),
      { ...postFields({ title: "Sem sessão" }), intent: "update-post", id: post!.id },
      { intent: "something-else" },
    ];
    for (const fields of attempts) {
      for (const withCookie of [undefined, "better-auth.session_token=forged.value"]) {
        const outcome = await callAdminAction(fields, { cookie: withCookie });
        expect(outcome.status, fields.intent).toBe(401);
        expect(outcome.body).toMatchObject({
          ok: false,
          error: "Sua sessão expirou. Entre novamente.",
          sessionExpired: true,
        });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("signing out without a session just goes back to the login", async () => {
    const outcome = await callAdminAction({ intent: "logout" });
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("location")).toBe("/admin");
  });
});

describe("login", () => {
  it("refuses a wrong password with the Portuguese reason and no cookie", async () => {
    const outcome = await callAdminAction(
      { intent: "login", email: ADMIN.email, password: "senha-errada-123" },
      { ip: "198.51.100.20" },
    );
    expect(outcome.status).toBe(401);
    expect(outcome.body).toMatchObject({ ok: false, error: "Email ou senha inválidos." });
    expect(outcome.headers.getSetCookie()).toEqual([]);
  });

  it("validates the form before trying", async () => {
    const outcome = await callAdminAction(
      { intent: "login", email: "não é email", password: "" },
      { ip: "198.51.100.21" },
    );
    expect(outcome.status).toBe(400);
    expect(outcome.body).toMatchObject({
      ok: false,
      fieldErrors: { email: "Informe um email válido.", password: "Senha: campo obrigatório." },
    });
  });

  it("signs in with an HttpOnly, SameSite=Lax session cookie and redirects to the admin", async () => {
    const outcome = await callAdminAction(
      { intent: "login", email: "  ADMIN@agentesfx.test ", password: ADMIN.password },
      { ip: "198.51.100.22", search: "?tab=blog" },
    );
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("location")).toBe("/admin?tab=blog");
    const sessionCookie = outcome.headers
      .getSetCookie()
      .find((line) => line.startsWith("better-auth.session_token="));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    const page = await callAdminLoader({ cookie: cookieFrom(outcome.headers) });
    expect(page.body).toMatchObject({ view: "admin", email: ADMIN.email });
  });

  it("signs out: the cookie is cleared and the session is gone from the database", async () => {
    const own = await signIn(ADMIN.email, ADMIN.password, "198.51.100.23");
    const db = await getDb();
    const sessionsBefore = (await db.select().from(session)).length;
    const outcome = await callAdminAction({ intent: "logout" }, { cookie: own });
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("location")).toBe("/admin");
    expect(outcome.headers.getSetCookie().join("\n")).toMatch(
      /better-auth\.session_token=;.*Max-Age=0/i,
    );
    expect((await db.select().from(session)).length).toBe(sessionsBefore - 1);
    expect((await callAdminLoader({ cookie: own })).body).toEqual({ view: "login" });
    expect((await callAdminLoader({ cookie })).body).toMatchObject({ view: "admin" });
  });
});

describe("the admin page loader with a session", () => {
  it("loads only the tab in the URL; the waitlist newest first", async () => {
    const waitlistTab = await callAdminLoader({ cookie });
    expect(waitlistTab.body).toMatchObject({ view: "admin", panel: { tab: "lista" } });
    const { entries } = (
      waitlistTab.body as {
        panel: { entries: Array<{ email: string; interestedAgents: string[]; createdAt: Date }> };
      }
    ).panel;
    expect(entries.map((e) => e.email)).toEqual(["bruno@exemplo.com", "ana@exemplo.com"]);
    expect(entries.map((e) => e.interestedAgents)).toEqual([[], ["yenmax", "trendkey-btc"]]);
    expect(entries[0]?.createdAt).toEqual(new Date("2026-11-20T12:00:00Z"));

    const robotsTab = await callAdminLoader({ cookie, search: "?tab=robos" });
    const robotRows = (robotsTab.body as { panel: { robots: Array<{ slug: string }> } }).panel
      .robots;
    expect(robotRows.map((r) => r.slug).sort()).toEqual(["midaspulse", "trendkey-btc", "yenmax"]);

    const blogTab = await callAdminLoader({ cookie, search: "?tab=blog" });
    const posts = (blogTab.body as { panel: { posts: Array<{ slug: string }> } }).panel.posts;
    expect(posts[0]?.slug).toBe("por-que-uma-vps-gerenciada");
    expect(posts).toHaveLength(3);
  });
});

describe("waitlist status", () => {
  async function entry(email: string) {
    const db = await getDb();
    const [row] = await db.select().from(waitlist).where(eq(waitlist.email, email));
    if (!row) throw new Error(email);
    return row;
  }
  const setStatus = (id: string, status: string) =>
    callAdminAction({ intent: "set-waitlist-status", id, status }, { cookie });

  it("moves pending -> contacted -> converted -> contacted", async () => {
    const { id } = await entry("ana@exemplo.com");
    for (const status of ["contacted", "converted", "contacted"]) {
      const outcome = await setStatus(id, status);
      expect(outcome.status).toBe(200);
      expect(outcome.body).toEqual({ intent: "set-waitlist-status", ok: true });
      expect((await entry("ana@exemplo.com")).status).toBe(status);
    }
  });

  it("refuses pending and any other status, and unknown entries", async () => {
    const { id } = await entry("bruno@exemplo.com");
    await setStatus(id, "converted");
    for (const status of ["pending", "archived", ""]) {
      const outcome = await setStatus(id, status);
      expect(outcome.status).toBe(400);
      expect(outcome.body).toMatchObject({
        ok: false,
        error: "Status inválido: escolha contatado ou convertido.",
      });
    }
    expect((await entry("bruno@exemplo.com")).status).toBe("converted");
    expect((await setStatus(UNKNOWN_ID, "contacted")).status).toBe(404);
    expect((await setStatus("not-a-uuid", "contacted")).status).toBe(404);
  });
});

describe("robot edit", () => {
  it("saves every field, the price as a decimal", async () => {
    const { id } = await robotBySlug("midaspulse");
    const outcome = await callAdminAction(
      robotFields(id, {
        name: "MidasPulse Agent v2",
        slug: "midaspulse",
        description: "Multi-pares.",
        logoUrl: "https://cdn.exemplo.com/midas.png",
        myfxbookLink: "https://www.myfxbook.com/members/agentes/midas",
        price: "159.9",
      }),
      { cookie },
    );
    expect(outcome.status).toBe(200);
    expect(outcome.body).toEqual({ intent: "update-robot", ok: true });
    expect(await robotBySlug("midaspulse")).toMatchObject({
      name: "MidasPulse Agent v2",
      description: "Multi-pares.",
      logoUrl: "https://cdn.exemplo.com/midas.png",
      myfxbookLink: "https://www.myfxbook.com/members/agentes/midas",
      price: "159.90",
    });
  });

  it.each([
    ["", null],
    ["abc", null],
    ["  ", null],
    ["149,25", "149.25"],
    ["0", "0.00"],
    ["12.345", "12.35"],
  ])("price %j is stored as %j", async (price, stored) => {
    const { id } = await robotBySlug("trendkey-btc");
    const outcome = await callAdminAction(
      robotFields(id, { name: "TrendKey BTC", slug: "trendkey-btc", price }),
      { cookie },
    );
    expect(outcome.status).toBe(200);
    expect((await robotBySlug("trendkey-btc")).price).toBe(stored);
  });

  it("refuses a duplicate slug with a clear reason and changes nothing", async () => {
    const before = await robotBySlug("yenmax");
    const outcome = await callAdminAction(robotFields(before.id, { slug: "trendkey-btc" }), {
      cookie,
    });
    expect(outcome.status).toBe(409);
    expect(outcome.body).toMatchObject({
      ok: false,
      error: "Já existe um robô com este slug. Escolha outro.",
    });
    expect(await robotBySlug("yenmax")).toEqual(before);
  });

  it.each([
    [{ name: "" }, "name", "Nome: campo obrigatório."],
    [{ description: " " }, "description", "Descrição: campo obrigatório."],
    [{ slug: "YenMax" }, "slug", expect.stringContaining("letras minúsculas")],
    [{ slug: "yen max" }, "slug", expect.stringContaining("letras minúsculas")],
    [{ myfxbookLink: "javascript:alert(1)" }, "myfxbookLink", expect.stringContaining("http")],
    [{ logoUrl: "ftp://exemplo.com/logo.png" }, "logoUrl", expect.stringContaining("http")],
    [{ price: "-5" }, "price", "Preço (USD): o valor não pode ser negativo."],
    [{ price: "100000000" }, "price", expect.stringContaining("máximo")],
  ])("refuses %j", async (overrides, field, message) => {
    const before = await robotBySlug("yenmax");
    const outcome = await callAdminAction(robotFields(before.id, overrides), { cookie });
    expect(outcome.status).toBe(400);
    expect(outcome.body).toMatchObject({ ok: false, fieldErrors: { [field]: message } });
    expect(await robotBySlug("yenmax")).toEqual(before);
  });

  it("answers 404 for an unknown robot", async () => {
    expect((await callAdminAction(robotFields(UNKNOWN_ID), { cookie })).status).toBe(404);
  });
});

describe("blog posts", () => {
  const create = (overrides: Record<string, string> = {}) =>
    callAdminAction(postFields(overrides), { cookie });
  const update = (id: string, overrides: Record<string, string> = {}) =>
    callAdminAction({ ...postFields(overrides), intent: "update-post", id }, { cookie });

  it("creates a draft without published_at", async () => {
    const outcome = await create({ slug: "rascunho-1" });
    expect(outcome.status).toBe(200);
    expect(outcome.body).toEqual({ intent: "create-post", ok: true });
    expect(await postBySlug("rascunho-1")).toMatchObject({
      title: "Gestão de risco",
      isPublished: false,
      publishedAt: null,
      excerpt: "Resumo curto.",
      featuredImageUrl: null,
      category: "Educação",
    });
  });

  it("creates a published post with published_at now", async () => {
    const started = Date.now();
    await create({ slug: "publicado-1", isPublished: "on", category: "Mercado" });
    const post = await postBySlug("publicado-1");
    expect(post?.isPublished).toBe(true);
    expect(post?.publishedAt?.getTime()).toBeGreaterThanOrEqual(started - 5_000);
  });

  it("sets published_at on publishing, keeps it while published, clears it on draft", async () => {
    await create({ slug: "ciclo" });
    const { id } = (await postBySlug("ciclo"))!;

    await update(id, { slug: "ciclo", isPublished: "on" });
    const published = await postBySlug("ciclo");
    expect(published?.publishedAt).toBeInstanceOf(Date);

    await new Promise((resolve) => setTimeout(resolve, 20));
    const outcome = await update(id, { slug: "ciclo", title: "Novo título", isPublished: "on" });
    expect(outcome.body).toEqual({ intent: "update-post", ok: true });
    const edited = await postBySlug("ciclo");
    expect(edited?.title).toBe("Novo título");
    expect(edited?.publishedAt?.getTime()).toBe(published?.publishedAt?.getTime());

    await update(id, { slug: "ciclo" });
    expect(await postBySlug("ciclo")).toMatchObject({ isPublished: false, publishedAt: null });

    await new Promise((resolve) => setTimeout(resolve, 20));
    await update(id, { slug: "ciclo", isPublished: "on" });
    const republished = await postBySlug("ciclo");
    expect(republished?.publishedAt?.getTime()).toBeGreaterThan(published!.publishedAt!.getTime());
  });

  it("refuses duplicate slugs on create and on update with a clear reason", async () => {
    const duplicate = await create({ slug: "hedge-e-preco-medio", title: "Outro" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({
      intent: "create-post",
      ok: false,
      error: "Já existe um post com este slug. Escolha outro.",
    });
    expect((await snapshot()).posts.filter((p) => p.title === "Outro")).toEqual([]);

    const before = await postBySlug("ciclo");
    const clash = await update(before!.id, { slug: "hedge-e-preco-medio" });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ intent: "update-post", ok: false });
    expect(await postBySlug("ciclo")).toEqual(before);
  });

  it("validates title, slug, content, category and the image URL", async () => {
    const outcome = await create({
      title: "",
      slug: "Com Espaço",
      content: "",
      category: "Política",
      featuredImageUrl: "data:image/png;base64,AAAA",
    });
    expect(outcome.status).toBe(400);
    expect(outcome.body).toMatchObject({
      ok: false,
      error: "Título: campo obrigatório.",
      fieldErrors: {
        title: "Título: campo obrigatório.",
        slug: expect.stringContaining("letras minúsculas"),
        content: "Conteúdo: campo obrigatório.",
        category: expect.stringContaining("Categoria"),
        featuredImageUrl: expect.stringContaining("http"),
      },
    });
    expect((await update(UNKNOWN_ID, { slug: "x" })).status).toBe(404);
  });
});
