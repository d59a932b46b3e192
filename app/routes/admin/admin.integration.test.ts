import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { blogPosts, robots, session, waitlist } from "../../../db/schema.ts";
import {
  adminSectionRoutes,
  type AdminSectionPath,
  callLoginAction,
  callLoginLoader,
  callSection,
  signIn,
} from "../../../tests/support/admin-requests.ts";
import { cookieFrom } from "../../../tests/support/http.ts";
import { createOrResetAdmin } from "../../lib/auth.server.ts";
import { getDb } from "../../platform/db/db.server.ts";

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
  const forged = "better-auth.session_token=forged.value";

  it("/admin shows the login; every section's loader redirects to it with ?next=", async () => {
    for (const cookieValue of [undefined, forged]) {
      const login = await callLoginLoader({ cookie: cookieValue, path: "/admin?tab=robos" });
      expect(login.status).toBe(200);
      expect(login.body).toBeNull();
      for (const route of Object.keys(adminSectionRoutes) as AdminSectionPath[]) {
        const path = route.replace(":id", UNKNOWN_ID) + "?q=ana";
        const outcome = await callSection(route, {
          cookie: cookieValue,
          path,
          params: { id: UNKNOWN_ID },
        });
        expect(outcome.status, route).toBe(302);
        expect(outcome.headers.get("location")).toBe(
          `/admin?${new URLSearchParams({ next: path })}`,
        );
      }
    }
  });

  it("every section's action answers 401 and changes nothing", async () => {
    const before = await snapshot();
    const robot = await robotBySlug("yenmax");
    const post = await postBySlug("hedge-e-preco-medio");
    const [entry] = before.waitlist;
    const attempts: Array<[AdminSectionPath, Record<string, string>]> = [
      ["/admin/lista", { id: entry!.id, status: "converted" }],
      ["/admin/lista/:id", { status: "converted" }],
      ["/admin/lista.csv", { status: "converted" }],
      ["/admin/robos", robotFields(robot.id, { price: "1" })],
      ["/admin/blog", postFields({ slug: "sem-sessao" })],
      [
        "/admin/blog",
        { ...postFields({ title: "Sem sessão" }), intent: "update-post", id: post!.id },
      ],
      ["/admin/blog", { intent: "something-else" }],
    ];
    for (const [route, fields] of attempts) {
      for (const withCookie of [undefined, forged]) {
        const outcome = await callSection(route, {
          cookie: withCookie,
          fields,
          path: route.replace(":id", entry!.id),
          params: { id: entry!.id },
        });
        expect(outcome.status, route).toBe(401);
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
    const outcome = await callLoginAction({ intent: "logout" });
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("location")).toBe("/admin");
  });
});

describe("login", () => {
  it("refuses a wrong password with the Portuguese reason and no cookie", async () => {
    const outcome = await callLoginAction(
      { intent: "login", email: ADMIN.email, password: "senha-errada-123" },
      { ip: "198.51.100.20" },
    );
    expect(outcome.status).toBe(401);
    expect(outcome.body).toMatchObject({ ok: false, error: "Email ou senha inválidos." });
    expect(outcome.headers.getSetCookie()).toEqual([]);
  });

  it("validates the form before trying", async () => {
    const outcome = await callLoginAction(
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
    const outcome = await callLoginAction(
      { intent: "login", email: "  ADMIN@agentesfx.test ", password: ADMIN.password },
      { ip: "198.51.100.22", path: "/admin?tab=blog" },
    );
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("location")).toBe("/admin/blog");
    const sessionCookie = outcome.headers
      .getSetCookie()
      .find((line) => line.startsWith("better-auth.session_token="));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    const page = await callSection("/admin/lista", { cookie: cookieFrom(outcome.headers) });
    expect(page.status).toBe(200);
  });

  it("signs out: the cookie is cleared and the session is gone from the database", async () => {
    const own = await signIn(ADMIN.email, ADMIN.password, "198.51.100.23");
    const db = await getDb();
    const sessionsBefore = (await db.select().from(session)).length;
    const outcome = await callLoginAction({ intent: "logout" }, { cookie: own });
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("location")).toBe("/admin");
    expect(outcome.headers.getSetCookie().join("\n")).toMatch(
      /better-auth\.session_token=;.*Max-Age=0/i,
    );
    expect((await db.select().from(session)).length).toBe(sessionsBefore - 1);
    expect((await callSection("/admin/lista", { cookie: own })).status).toBe(302);
    expect((await callSection("/admin/lista", { cookie })).status).toBe(200);
  });
});

describe("the admin routes with a session", () => {
  it("/admin goes to the section asked for: ?next= (local admin paths only) or an old ?tab=", async () => {
    const cases: Array<[string, string]> = [
      ["/admin", "/admin/lista"],
      ["/admin?tab=robos", "/admin/robos"],
      ["/admin?tab=blog", "/admin/blog"],
      ["/admin?next=%2Fadmin%2Flista%3Fq%3Dana", "/admin/lista?q=ana"],
      ["/admin?next=https%3A%2F%2Fevil.test%2Fadmin%2F", "/admin/lista"],
      ["/admin?next=%2F%2Fevil.test%2Fadmin%2F", "/admin/lista"],
    ];
    for (const [path, location] of cases) {
      const outcome = await callLoginLoader({ cookie, path });
      expect(outcome.status, path).toBe(302);
      expect(outcome.headers.get("location"), path).toBe(location);
    }
  });

  it("lands after the login where the admin was going", async () => {
    const outcome = await callLoginAction(
      { intent: "login", email: ADMIN.email, password: ADMIN.password },
      { ip: "198.51.100.24", path: "/admin?next=%2Fadmin%2Frobos" },
    );
    expect(outcome.headers.get("location")).toBe("/admin/robos");
  });

  it("each section loads its own data; the waitlist newest first", async () => {
    const waitlistPage = await callSection("/admin/lista", { cookie });
    const { rows, total } = waitlistPage.body as {
      rows: Array<{ email: string; interestedAgents: string[]; createdAt: Date }>;
      total: number;
    };
    expect(total).toBe(2);
    expect(rows.map((e) => e.email)).toEqual(["bruno@exemplo.com", "ana@exemplo.com"]);
    expect(rows.map((e) => e.interestedAgents)).toEqual([[], ["yenmax", "trendkey-btc"]]);
    expect(rows[0]?.createdAt).toEqual(new Date("2026-11-20T12:00:00Z"));

    const robotsPage = await callSection("/admin/robos", { cookie });
    const robotRows = (robotsPage.body as { robots: Array<{ slug: string }> }).robots;
    // The public site's order, not the rows' creation order.
    expect(robotRows.map((r) => r.slug)).toEqual(["yenmax", "midaspulse", "trendkey-btc"]);

    const blogPage = await callSection("/admin/blog", { cookie });
    const posts = (blogPage.body as { posts: Array<{ slug: string }> }).posts;
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
    callSection("/admin/lista", { fields: { id, status }, cookie });

  it("moves pending -> contacted -> converted -> contacted", async () => {
    const { id } = await entry("ana@exemplo.com");
    for (const status of ["contacted", "converted", "contacted"]) {
      const outcome = await setStatus(id, status);
      expect(outcome.status).toBe(200);
      expect(outcome.body).toEqual({ ok: true });
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

const callRobots = (fields: Record<string, string>, options: { cookie: string }) =>
  callSection("/admin/robos", { fields, ...options });

describe("robot edit", () => {
  it("saves every field, the price as a decimal", async () => {
    const { id } = await robotBySlug("midaspulse");
    const outcome = await callRobots(
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
    expect(outcome.body).toEqual({ ok: true });
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
    ["  ", null],
    ["149,25", "149.25"],
    ["259.90", "259.90"],
    ["1.259,90", "1259.90"],
    ["0", "0.00"],
    ["12.345", "12345.00"],
  ])("price %j is stored as %j", async (price, stored) => {
    const { id } = await robotBySlug("trendkey-btc");
    const outcome = await callRobots(
      robotFields(id, { name: "TrendKey BTC", slug: "trendkey-btc", price }),
      { cookie },
    );
    expect(outcome.status).toBe(200);
    expect((await robotBySlug("trendkey-btc")).price).toBe(stored);
  });

  it("refuses a duplicate slug with a clear reason and changes nothing", async () => {
    const before = await robotBySlug("yenmax");
    const outcome = await callRobots(robotFields(before.id, { slug: "trendkey-btc" }), {
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
    [{ price: "abc" }, "price", expect.stringContaining("como 259,90 ou 1.259,90")],
    [{ price: "0x1A" }, "price", expect.stringContaining("como 259,90 ou 1.259,90")],
    [{ price: "2e2" }, "price", expect.stringContaining("como 259,90 ou 1.259,90")],
    [{ price: "Infinity" }, "price", expect.stringContaining("como 259,90 ou 1.259,90")],
    [{ myfxbookLink: "https://a@b.example/" }, "myfxbookLink", expect.stringContaining("@")],
    [{ logoUrl: "https://u:p@cdn.example/l.png" }, "logoUrl", expect.stringContaining("@")],
    [{ capacity: "-2" }, "capacity", expect.stringContaining("Vagas:")],
  ])("refuses %j", async (overrides, field, message) => {
    const before = await robotBySlug("yenmax");
    const outcome = await callRobots(robotFields(before.id, overrides), { cookie });
    expect(outcome.status).toBe(400);
    expect(outcome.body).toMatchObject({ ok: false, fieldErrors: { [field]: message } });
    expect(await robotBySlug("yenmax")).toEqual(before);
  });

  it("answers 404 for an unknown robot", async () => {
    expect((await callRobots(robotFields(UNKNOWN_ID), { cookie })).status).toBe(404);
  });
});

describe("blog posts", () => {
  const create = (overrides: Record<string, string> = {}) =>
    callSection("/admin/blog", { fields: postFields(overrides), cookie });
  const update = (id: string, overrides: Record<string, string> = {}) =>
    callSection("/admin/blog", {
      fields: { ...postFields(overrides), intent: "update-post", id },
      cookie,
    });

  it("creates a draft without published_at", async () => {
    const outcome = await create({ slug: "rascunho-1" });
    expect(outcome.status).toBe(200);
    expect(outcome.body).toEqual({ ok: true });
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
    expect(outcome.body).toEqual({ ok: true });
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
      ok: false,
      error: "Já existe um post com este slug. Escolha outro.",
    });
    expect((await snapshot()).posts.filter((p) => p.title === "Outro")).toEqual([]);

    const before = await postBySlug("ciclo");
    const clash = await update(before!.id, { slug: "hedge-e-preco-medio" });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ ok: false });
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
