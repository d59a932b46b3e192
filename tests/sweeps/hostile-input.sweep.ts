import { type Browser, expect, type Page, test } from "../support/e2e-test.ts";
import { form } from "../support/http.ts";
import {
  type Answer,
  type OwnServer,
  SESSION_COOKIE,
  tableDigests,
} from "../support/own-server.ts";
import { hostileServerForFile } from "../support/hostile-server.ts";

// Hostile input against a built server of this file's own (fresh PostgreSQL, an admin):
// SQL injection in every field, stored XSS through every admin field that reaches a page,
// forged Origin on every mutation, expired or tampered session cookies, and Markdown nested
// deeper than the parser goes. Each case must end in a 4xx or a harmless render, never a
// 5xx, a script run or a row that should not be.
// Bodies and static paths: hostile-requests.e2e.ts.
let app: OwnServer;
let cookie: string;
hostileServerForFile("hostile", (started, session) => {
  app = started;
  cookie = session;
});

/** The admin routes that take a POST: the login and the sections with an action. */
type AdminPath = "/admin" | "/admin/lista" | "/admin/robos" | "/admin/blog";

/** A request that would change something if it went through. */
interface Mutation {
  path: AdminPath;
  fields: Record<string, string>;
}

async function idOf(table: "robots" | "blog_posts", slug: string): Promise<string> {
  const [row] = await app.query<{ id: string }>(`select id from ${table} where slug = $1`, [slug]);
  if (!row) throw new Error(`no ${table} row with slug ${slug}`);
  return row.id;
}

/** Posts to an admin section with the session, as React Router's client does (`.data`). */
function admin(path: AdminPath, fields: Record<string, string>): Promise<Answer> {
  return app.post(`${path}.data`, form(fields), { cookie });
}

function robotForm(id: string, fields: Partial<Record<string, string>> = {}) {
  return {
    id,
    name: "TrendKey BTC",
    slug: "trendkey-btc",
    description: "Descrição.",
    logoUrl: "",
    myfxbookLink: "",
    price: "249",
    ...fields,
  } as Record<string, string>;
}

function postForm(fields: Partial<Record<string, string>> = {}) {
  return {
    intent: "create-post",
    title: "Título",
    slug: "post-hostil",
    excerpt: "",
    content: "Texto.",
    featuredImageUrl: "",
    category: "Mercado",
    author: "Equipe Agentes FX",
    ...fields,
  } as Record<string, string>;
}

function expectStatuses(answers: Array<[string, Answer]>, status: number) {
  expect(
    answers
      .filter(([, answer]) => answer.status !== status)
      .map(([label, a]) => `${label}: ${a.status}`),
  ).toEqual([]);
}

const sqlPayloads = [
  "' OR 1=1 --",
  "'); DROP TABLE waitlist; --",
  "1; select pg_sleep(5)",
  `"; DELETE FROM robots WHERE ''=''; --`,
  'x\' UNION SELECT email, null FROM "user" --',
];

test("SQL injection in every field is refused or stored literally, and nothing else changes", async () => {
  const tables = ["waitlist", "robots", "blog_posts", "user", "account", "session", "rate_limits"];
  const trendkey = await idOf("robots", "trendkey-btc");
  const [entry] = await app.query<{ id: string }>(
    `insert into waitlist (name, email, terms_accepted_at) values ('Alvo', 'alvo-sql@example.com', now()) returning id`,
  );
  const otherRobots = `select * from robots where slug <> 'trendkey-btc' order by slug`;
  const seededPosts = `select * from blog_posts where slug not like 'sql-%' order by slug`;
  const robotsBefore = await app.query(otherRobots);
  const postsBefore = await app.query(seededPosts);
  const accountsBefore = await tableDigests(app.query, ["user", "account"]);
  const durations: number[] = [];
  const timed = async (run: () => Promise<Answer>) => {
    const started = Date.now();
    const answer = await run();
    durations.push(Date.now() - started);
    return answer;
  };

  for (const [i, payload] of sqlPayloads.entries()) {
    // Sign-up: free text is stored as typed, every other field is refused.
    const email = `sql-${i}@example.com`;
    const valid = { name: payload, email, message: payload, terms: "on" };
    const signups = await Promise.all(
      [
        { ...valid, email: payload },
        { ...valid, agents: payload },
        { ...valid, terms: payload },
        { ...valid, contact: payload },
      ].map((fields) => timed(() => app.post("/contato", form(fields)))),
    );
    expectStatuses(
      signups.map((answer, n) => [`signup field ${n}`, answer]),
      400,
    );
    expect((await timed(() => app.post("/contato", form(valid)))).status).toBe(303);
    const stored = await app.query("select name, message, email from waitlist where email = $1", [
      email,
    ]);
    expect(stored).toEqual([{ name: payload.trim(), message: payload.trim(), email }]);

    // Login: a payload e-mail is invalid, a payload password is wrong.
    const logins = await Promise.all([
      timed(() =>
        app.post("/admin.data", form({ intent: "login", email: payload, password: "x" })),
      ),
      timed(() =>
        app.post(
          "/admin.data",
          form({ intent: "login", email: app.adminEmail, password: payload }),
        ),
      ),
      timed(() =>
        app.post(
          "/admin.data",
          form({ intent: "login", email: "o'brien'--@example.com", password: payload }),
        ),
      ),
    ]);
    expect(logins.map((answer) => answer.status)).toEqual([400, 401, 401]);

    // Robot: name, description and a link's query are stored as typed; slug, URLs, a price
    // that is no number typed the Brazilian way and ids are refused.
    const link = `https://www.myfxbook.com/?q=${payload}`;
    const accepted = await timed(() =>
      admin(
        "/admin/robos",
        robotForm(trendkey, {
          name: payload,
          description: payload,
          myfxbookLink: link,
        }),
      ),
    );
    expect(accepted.status).toBe(200);
    expect(
      await app.query(
        "select name, description, price, myfxbook_link, logo_url from robots where id = $1",
        [trendkey],
      ),
    ).toEqual([
      {
        name: payload.trim(),
        description: payload.trim(),
        price: "249.00",
        myfxbook_link: link,
        logo_url: null,
      },
    ]);
    const robotRefusals: Array<[string, Answer]> = await Promise.all(
      (["slug", "logoUrl", "myfxbookLink", "price"] as const).map(
        async (field) =>
          [
            `robot ${field}`,
            await timed(() => admin("/admin/robos", robotForm(trendkey, { [field]: payload }))),
          ] as [string, Answer],
      ),
    );
    expectStatuses(robotRefusals, 400);
    expect((await timed(() => admin("/admin/robos", robotForm(payload)))).status).toBe(404);

    // Posts: title, excerpt, content and author are stored as typed.
    const slug = `sql-${i}`;
    const created = await timed(() =>
      admin(
        "/admin/blog",
        postForm({ title: payload, slug, excerpt: payload, content: payload, author: payload }),
      ),
    );
    expect(created.status).toBe(200);
    expect(
      await app.query(
        "select title, excerpt, content, author, category from blog_posts where slug = $1",
        [slug],
      ),
    ).toEqual([
      {
        title: payload.trim(),
        excerpt: payload.trim(),
        content: payload.trim(),
        author: payload.trim(),
        category: "Mercado",
      },
    ]);
    const postRefusals: Array<[string, Answer]> = await Promise.all(
      (["slug", "featuredImageUrl", "category"] as const).map(
        async (field) =>
          [
            `post ${field}`,
            await timed(() =>
              admin("/admin/blog", postForm({ slug: `sql-x-${i}`, [field]: payload })),
            ),
          ] as [string, Answer],
      ),
    );
    expectStatuses(postRefusals, 400);
    const postId = await idOf("blog_posts", slug);
    const updates = await Promise.all([
      timed(() =>
        admin("/admin/blog", {
          ...postForm({ title: payload }),
          intent: "update-post",
          id: payload,
        }),
      ),
      timed(() =>
        admin("/admin/blog", {
          ...postForm({ slug, title: `${payload} (editado)` }),
          intent: "update-post",
          id: postId,
        }),
      ),
    ]);
    expect(updates.map((answer) => answer.status)).toEqual([404, 200]);
    const [edited] = await app.query<{ title: string }>(
      "select title from blog_posts where slug = $1",
      [slug],
    );
    expect(edited?.title).toBe(`${payload.trim()} (editado)`);

    // Waitlist status: a payload id is not found, a payload status is refused, and so is a
    // payload intent on the blog's two forms.
    const statuses = await Promise.all([
      timed(() => admin("/admin/lista", { id: payload, status: "converted" })),
      timed(() => admin("/admin/lista", { id: entry!.id, status: payload })),
      timed(() => admin(`/admin/lista/${entry!.id}` as AdminPath, { status: payload })),
      timed(() => admin("/admin/blog", { ...postForm({ slug: `sql-y-${i}` }), intent: payload })),
    ]);
    expect(statuses.map((answer) => answer.status)).toEqual([404, 400, 400, 400]);
  }

  // An address may hold quotes and dashes: it is stored as typed (lower-cased).
  const quoted = "O'Brien'--@Example.com";
  const signup = form({ name: "Aspas", email: quoted, terms: "on" });
  expect((await app.post("/contato", signup)).status).toBe(303);
  expect(
    await app.query("select name from waitlist where email = $1", [quoted.toLowerCase()]),
  ).toEqual([{ name: "Aspas" }]);

  // No payload ran: the tables are all there, hold only what was accepted, and the rows no
  // request touched are as they were.
  const existing = await app.query<{ tablename: string }>(
    "select tablename from pg_tables where schemaname = 'public' and tablename = any($1) order by 1",
    [tables],
  );
  expect(existing.map((row) => row.tablename)).toEqual([...tables].sort());
  const counts = await app.query<{
    waitlist: number;
    posts: number;
    robots: number;
    sessions: number;
  }>(
    `select (select count(*)::int from waitlist) as waitlist, (select count(*)::int from blog_posts) as posts,
            (select count(*)::int from robots) as robots, (select count(*)::int from session) as sessions`,
  );
  expect(counts).toEqual([
    { waitlist: 2 + sqlPayloads.length, posts: 3 + sqlPayloads.length, robots: 3, sessions: 1 },
  ]);
  expect(await app.query("select status from waitlist where id = $1", [entry!.id])).toEqual([
    { status: "pending" },
  ]);
  expect(await app.query(otherRobots)).toEqual(robotsBefore);
  expect(await app.query(seededPosts)).toEqual(postsBefore);
  expect(await tableDigests(app.query, ["user", "account"])).toEqual(accountsBefore);
  // pg_sleep(5) never ran: no answer took anywhere near five seconds.
  expect(Math.max(...durations)).toBeLessThan(4000);
});

// Each payload would set window.__pwned and open a dialog if it ever ran.
const pwn = (tag: string) => `window.__pwned='${tag}';alert('${tag}')`;

const xss = {
  robotName: `<script>${pwn("nome")}</script><img src=x onerror="${pwn("img")}">YenMax`,
  robotDescription: `<svg onload="${pwn("descricao")}"></svg><script>${pwn("descricao")}</script>`,
  robotLogo: `https://127.0.0.1:9/logo.png?"><script>${pwn("logo")}</script>`,
  myfxbook: `https://www.myfxbook.com/x?a="><script>${pwn("myfxbook")}</script>`,
  midasName: `"><img src=x onerror="${pwn("midas")}">'`,
  title: `</script><script>${pwn("titulo")}</script><!--`,
  excerpt: `"><img src=x onerror="${pwn("resumo")}">`,
  author: `<svg/onload="${pwn("autor")}">`,
  image: `https://127.0.0.1:9/i.png?"onerror="${pwn("imagem")}`,
  signupName: `<script>${pwn("inscricao")}</script>`,
  signupMessage: `<img src=x onerror="${pwn("mensagem")}">`,
};

const markdown = [
  `# Post hostil`,
  `<script>${pwn("script")}</script>`,
  `<img src=x onerror="${pwn("img")}">`,
  `<a href="javascript:${pwn("a-href")}">link html</a>`,
  `[link markdown](javascript:${pwn("md-link")})`,
  `[link maiúsculo](JAVASCRIPT:${pwn("md-upper")})`,
  `[link com entidade](&#106;avascript:${pwn("md-entity")})`,
  `<a href="java&#x09;script:${pwn("tab")}">tab</a>`,
  `<javascript:${pwn("autolink")}>`,
  `[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)`,
  `![svg](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)`,
  `<iframe src="javascript:${pwn("iframe")}"></iframe>`,
  `<iframe srcdoc="<script>parent.__pwned='srcdoc'</script>"></iframe>`,
  `<svg onload="${pwn("svg")}"><script>${pwn("svg-script")}</script></svg>`,
  `<object data="javascript:${pwn("object")}"></object><embed src="javascript:${pwn("embed")}">`,
  `<form action="javascript:${pwn("form")}"><button formaction="javascript:${pwn("button")}">b</button></form>`,
  `<details open ontoggle="${pwn("details")}"><summary>s</summary></details>`,
  `<noscript><p title="</noscript><img src=x onerror=${pwn("noscript")}>"></noscript>`,
  `<meta http-equiv="refresh" content="0;url=javascript:${pwn("meta")}"><base href="javascript:/">`,
  `<div style="background:url(javascript:${pwn("style")})" onclick="${pwn("click")}">div</div>`,
  `Texto final visível.`,
  // Last: the unclosed <style> swallows whatever follows it.
  `<math><mtext><table><mglyph><style><img src=x onerror="${pwn("mxss")}">`,
].join("\n\n");

interface DomProblems {
  problems: string[];
  pwned: unknown;
  text: string;
}

/** Everything in the DOM that could run a script, CSP or not. */
async function domProblems(page: Page, nonce: string | undefined): Promise<DomProblems> {
  return page.evaluate((expectedNonce) => {
    const problems: string[] = [];
    const urlAttributes = ["href", "src", "action", "formaction", "xlink:href", "data", "poster"];
    for (const element of document.querySelectorAll("*")) {
      const tag = element.tagName.toLowerCase();
      if (["iframe", "frame", "object", "embed", "base"].includes(tag)) problems.push(`<${tag}>`);
      if (tag === "meta" && element.hasAttribute("http-equiv")) problems.push("meta http-equiv");
      if (tag === "script" && element.getAttribute("type") === "application/ld+json") {
        // A data block: harmless unless stored text broke out of it, which would leave
        // something other than one JSON value inside.
        try {
          JSON.parse(element.textContent ?? "");
        } catch {
          problems.push(`JSON-LD that is not JSON: ${element.outerHTML.slice(0, 80)}`);
        }
      } else if (tag === "script" && (element as HTMLScriptElement).nonce !== expectedNonce) {
        problems.push(`script without the nonce: ${element.outerHTML.slice(0, 80)}`);
      }
      for (const attribute of element.attributes) {
        const name = attribute.name.toLowerCase();
        // Browsers ignore spaces and control characters around and inside a URL's scheme.
        const value = [...attribute.value]
          .filter((char) => char.charCodeAt(0) > 0x20)
          .join("")
          .toLowerCase();
        if (name.startsWith("on") || name === "srcdoc") problems.push(`${tag} ${name}`);
        if (urlAttributes.includes(name) && /^(javascript|vbscript|data):/.test(value)) {
          problems.push(`${tag} ${name}=${attribute.value.slice(0, 60)}`);
        }
      }
    }
    return {
      problems,
      pwned: (window as { __pwned?: unknown }).__pwned,
      text: document.body?.textContent ?? "",
    };
  }, nonce);
}

const jsonLdTag = '<script type="application/ld+json">';

/** Opens a page with CSP off and checks that nothing in it can run a script. */
async function expectHarmless(page: Page, path: string, visible: string[]) {
  const response = await page.goto(path, { waitUntil: "networkidle" });
  expect(response?.status(), path).toBe(200);
  const csp = response?.headers()["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce, path).toBeTruthy();
  // The HTML as sent: every script tag carries this answer's nonce, except JSON-LD data
  // blocks, which browsers never run (their content is checked in the DOM below).
  const html = (await response?.text()) ?? "";
  const tags = html.match(/<script\b[^>]*>/gi) ?? [];
  expect(
    tags.filter((tag) => !tag.includes(`nonce="${nonce}"`) && tag !== jsonLdTag),
    path,
  ).toEqual([]);
  const dom = await domProblems(page, nonce);
  expect(dom.problems, path).toEqual([]);
  expect(dom.pwned, path).toBeUndefined();
  for (const text of visible)
    expect(dom.text, `${path} shows ${text.slice(0, 30)}`).toContain(text);
}

async function hostileBrowser(browser: Browser) {
  // CSP off: the pages themselves must be harmless, not merely blocked by the policy.
  const context = await browser.newContext({ bypassCSP: true, baseURL: app.url });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { context, page, dialogs };
}

test("stored XSS through every admin field that reaches a page never runs, even without CSP", async ({
  browser,
}) => {
  const yenmax = await idOf("robots", "yenmax");
  const midas = await idOf("robots", "midaspulse");
  const robot = (id: string, fields: Record<string, string>) =>
    robotForm(id, {
      ...(id === yenmax ? { slug: "yenmax", price: "199" } : { slug: "midaspulse", price: "179" }),
      ...fields,
    });

  // Links that are not http(s) are refused with a Portuguese message and change nothing.
  const before = await tableDigests(app.query, ["robots", "blog_posts"]);
  const badLinks = [
    `javascript:${pwn("link")}`,
    ` JaVaScRiPt:${pwn("link")}`,
    `data:text/html,<script>${pwn("link")}</script>`,
    `vbscript:msgbox(1)`,
    `//evil.example/x`,
  ];
  const refusals = await Promise.all(
    badLinks.flatMap((link) => [
      admin("/admin/robos", robot(yenmax, { logoUrl: link })),
      admin("/admin/robos", robot(yenmax, { myfxbookLink: link })),
      admin("/admin/blog", postForm({ slug: "xss-recusado", featuredImageUrl: link })),
    ]),
  );
  expect(refusals.map((answer) => answer.status)).toEqual(refusals.map(() => 400));
  const messages = refusals.map((answer) => answer.text);
  expect(messages[0]).toContain(
    "URL do Logo: informe um endereço que comece com http:// ou https://.",
  );
  expect(messages[1]).toContain(
    "Link MyFxBook: informe um endereço que comece com http:// ou https://.",
  );
  expect(messages[2]).toContain(
    "URL da Imagem: informe um endereço que comece com http:// ou https://.",
  );
  expect(await tableDigests(app.query, ["robots", "blog_posts"])).toEqual(before);

  // Hostile text in every field that is accepted.
  const saved = await Promise.all([
    admin(
      "/admin/robos",
      robot(yenmax, {
        name: xss.robotName,
        description: xss.robotDescription,
        logoUrl: xss.robotLogo,
        myfxbookLink: xss.myfxbook,
      }),
    ),
    admin("/admin/robos", robot(midas, { name: xss.midasName, myfxbookLink: xss.myfxbook })),
    admin("/admin/blog", {
      ...postForm({
        title: xss.title,
        slug: "xss-post",
        excerpt: xss.excerpt,
        content: markdown,
        featuredImageUrl: xss.image,
        author: xss.author,
      }),
      isPublished: "on",
    }),
    app.post(
      "/contato",
      form({
        name: xss.signupName,
        email: "xss@example.com",
        message: xss.signupMessage,
        terms: "on",
      }),
    ),
  ]);
  expect(
    saved.map((answer) => `${answer.status} ${answer.status === 400 ? answer.text : ""}`),
  ).toEqual(["200 ", "200 ", "200 ", "303 "]);
  expect(await app.query("select name, myfxbook_link from robots where id = $1", [yenmax])).toEqual(
    [{ name: xss.robotName, myfxbook_link: xss.myfxbook }],
  );

  const { context, page, dialogs } = await hostileBrowser(browser);
  try {
    await expectHarmless(page, "/", []);
    await expectHarmless(page, "/agentes", [xss.robotName, xss.midasName]);
    await expectHarmless(page, "/agentes/yenmax", [xss.robotName]);
    // The MyFxBook link is shown, as the http(s) link it is.
    await expect(page.locator('a[href^="https://www.myfxbook.com/x?a="]')).toHaveCount(1);
    await expectHarmless(page, "/agentes/midaspulse", [xss.midasName]);
    await expectHarmless(page, "/precos", [xss.robotName, xss.midasName]);
    await expectHarmless(page, "/blog", [xss.title, xss.excerpt, xss.author]);
    await expectHarmless(page, "/blog?categoria=mercado", [xss.title]);
    await expectHarmless(page, "/blog/xss-post", [xss.title, xss.excerpt, "Texto final visível."]);

    // The sitemap lists the post and stays well-formed XML.
    const sitemap = await page.request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    const xml = await sitemap.text();
    expect(xml).toContain("/blog/xss-post</loc>");
    expect(xml).not.toMatch(/<script|javascript:/i);
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      return {
        errors: doc.getElementsByTagName("parsererror").length,
        elements: [...new Set([...doc.getElementsByTagName("*")].map((e) => e.localName))].sort(),
      };
    }, xml);
    expect(parsed).toEqual({ errors: 0, elements: ["lastmod", "loc", "url", "urlset"] });

    // The admin sees the same text, harmlessly, in every tab (the sign-up came from anyone).
    await page.setExtraHTTPHeaders({ Cookie: cookie });
    await expectHarmless(page, "/admin/lista", [xss.signupName, "xss@example.com"]);
    await expectHarmless(page, "/admin/robos", [
      xss.robotName,
      xss.robotDescription,
      xss.midasName,
    ]);
    await expectHarmless(page, "/admin/blog", [xss.title, xss.excerpt]);
    expect(dialogs).toEqual([]);
  } finally {
    await context.close();
  }
});

/** Every admin mutation, each on the route that takes it. */
async function everyMutation(): Promise<Mutation[]> {
  const [entry] = await app.query<{ id: string }>(
    `insert into waitlist (name, email, terms_accepted_at) values ('Intenções', $1, now()) returning id`,
    [`intencoes-${Date.now()}@example.com`],
  );
  return [
    {
      path: "/admin",
      fields: { intent: "login", email: app.adminEmail, password: app.adminPassword },
    },
    { path: "/admin", fields: { intent: "logout" } },
    { path: "/admin/lista", fields: { id: entry!.id, status: "converted" } },
    { path: `/admin/lista/${entry!.id}` as AdminPath, fields: { status: "contacted" } },
    {
      path: "/admin/robos",
      fields: robotForm(await idOf("robots", "trendkey-btc"), { name: "Alterado" }),
    },
    { path: "/admin/blog", fields: postForm({ slug: "nunca-criado" }) },
    {
      path: "/admin/blog",
      fields: {
        ...postForm({ slug: "hedge-e-preco-medio", title: "Alterado" }),
        intent: "update-post",
        id: await idOf("blog_posts", "hedge-e-preco-medio"),
      },
    },
  ];
}

const everyTable = [
  "waitlist",
  "robots",
  "blog_posts",
  "user",
  "account",
  "session",
  "rate_limits",
];

test("a forged Origin is refused on every mutation, document and data requests alike", async () => {
  const mutations = await everyMutation();
  const before = await tableDigests(app.query, everyTable);
  const origins = ["https://evil.example", "null", "http://127.0.0.1:1"];
  const signup = form({ name: "Forjado", email: "forjado@example.com", terms: "on" });
  const answers = await Promise.all(
    origins.flatMap((origin) => [
      ...mutations.flatMap(({ path, fields }) =>
        [path, `${path}.data`].map(async (target) => {
          const answer = await app.post(target, form(fields), { cookie, origin });
          return [`${target} ${fields.intent ?? ""} from ${origin}`, answer] as [string, Answer];
        }),
      ),
      ...["/contato", "/contato.data"].map(async (path) => {
        const answer = await app.post(path, signup, { origin });
        return [`sign-up ${path} from ${origin}`, answer] as [string, Answer];
      }),
    ]),
  );
  expect(answers).toHaveLength(origins.length * (mutations.length * 2 + 2));
  expectStatuses(answers, 403);
  expect(await tableDigests(app.query, everyTable)).toEqual(before);
  // The forged logout did not end the session.
  const page = await fetch(`${app.url}/admin/lista`, { headers: { Cookie: cookie } });
  expect(await page.text()).toContain(app.adminEmail);
});

/** The session cookie with one character of its token or of its signature changed. */
function tampered(sessionCookie: string, part: "token" | "signature"): string {
  const value = decodeURIComponent(sessionCookie.slice(sessionCookie.indexOf("=") + 1));
  const [token = "", signature = ""] = value.split(".");
  const flip = (text: string, at: number) =>
    `${text.slice(0, at)}${text[at] === "A" ? "B" : "A"}${text.slice(at + 1)}`;
  const changed =
    part === "token" ? `${flip(token, 0)}.${signature}` : `${token}.${flip(signature, 5)}`;
  return `${SESSION_COOKIE}=${encodeURIComponent(changed)}`;
}

function tokenOf(sessionCookie: string): string {
  return (
    decodeURIComponent(sessionCookie.slice(sessionCookie.indexOf("=") + 1)).split(".")[0] ?? ""
  );
}

test("expired, tampered, random and signed-out session cookies see the login and change nothing", async () => {
  const expired = await app.logIn();
  const updated = await app.query(
    "update session set expires_at = now() - interval '1 minute' where token = $1 returning id",
    [tokenOf(expired)],
  );
  expect(updated).toHaveLength(1);
  const signedOut = await app.logIn();
  expect((await app.post("/admin", form({ intent: "logout" }), { cookie: signedOut })).status).toBe(
    302,
  );
  const randomValue = `${"r".repeat(32)}.${Buffer.from("assinatura-falsa").toString("base64")}`;
  const badCookies: Record<string, string> = {
    "signature altered": tampered(cookie, "signature"),
    "token altered": tampered(cookie, "token"),
    "token without signature": `${SESSION_COOKIE}=${tokenOf(cookie)}`,
    random: `${SESSION_COOKIE}=${encodeURIComponent(randomValue)}`,
    "not https name": `better-auth.session_token=${cookie.slice(cookie.indexOf("=") + 1)}`,
    expired,
    "after logout": signedOut,
  };
  const [entry] = await app.query<{ id: string; email: string }>(
    `insert into waitlist (name, email, terms_accepted_at) values ('Sessão', $1, now()) returning id, email`,
    [`sessao-${Date.now()}@example.com`],
  );
  const mutations = (await everyMutation()).filter(({ path }) => path !== "/admin");
  mutations.push({ path: "/admin/lista", fields: { id: entry!.id, status: "contacted" } });
  const before = await tableDigests(app.query, [
    "waitlist",
    "robots",
    "blog_posts",
    "user",
    "account",
  ]);

  // A page load without a valid session ends on the login; any mutation answers 401.
  const pages = ["/admin", "/admin/lista", "/admin/robos", "/admin/blog", "/admin?tab=robos"];
  const checks = Object.entries(badCookies).flatMap(([label, badCookie]) => [
    ...pages.map(async (path) => {
      const response = await fetch(`${app.url}${path}`, { headers: { Cookie: badCookie } });
      const html = await response.text();
      return {
        label: `${label} GET ${path}`,
        status: response.status,
        leaks: [entry!.email, app.adminEmail, "Sair", "Editar YenMax", "Posts do Blog"].filter(
          (text) => html.includes(text),
        ),
        login: new URL(response.url).pathname === "/admin" && html.includes("Entrar"),
      };
    }),
    ...mutations.flatMap(({ path, fields }) =>
      [path, `${path}.data`].map(async (target) => {
        const answer = await app.post(target, form(fields), { cookie: badCookie });
        return {
          label: `${label} POST ${target}`,
          status: answer.status,
          leaks: [],
          login: answer.text.includes("Sua sessão expirou. Entre novamente."),
        };
      }),
    ),
  ]);
  const results = await Promise.all(checks);
  const expected = (label: string) => (label.includes("GET") ? 200 : 401);
  expect(
    results
      .filter((r) => r.status !== expected(r.label) || r.leaks.length > 0 || !r.login)
      .map((r) => `${r.label}: ${r.status} leaks=${r.leaks.join(",")} login=${r.login}`),
  ).toEqual([]);
  expect(
    await tableDigests(app.query, ["waitlist", "robots", "blog_posts", "user", "account"]),
  ).toEqual(before);

  // Signing out with a tampered cookie ends nothing; the real session still works.
  for (const badCookie of Object.values(badCookies)) {
    expect(
      (await app.post("/admin", form({ intent: "logout" }), { cookie: badCookie })).status,
    ).toBe(302);
  }
  const page = await fetch(`${app.url}/admin/lista`, { headers: { Cookie: cookie } });
  const html = await page.text();
  expect(html).toContain(entry!.email);
  expect(html).toContain("Sair");
});

test("post content nested deeper than the Markdown parser goes still renders, as text", async () => {
  const contents = {
    "aninhado-citacoes": `${"> ".repeat(5000)}fundo das citações`,
    "aninhado-listas": `${"1. ".repeat(6000)}fundo das listas`,
  };
  const saved = await Promise.all(
    Object.entries(contents).map(([slug, content]) =>
      admin("/admin/blog", {
        ...postForm({ title: `Post ${slug}`, slug, content }),
        isPublished: "on",
      }),
    ),
  );
  expect(saved.map((answer) => answer.status)).toEqual([200, 200]);
  for (const slug of Object.keys(contents)) {
    const response = await fetch(`${app.url}/blog/${slug}`);
    expect(response.status, slug).toBe(200);
    expect(await response.text(), slug).toContain(
      `fundo das ${slug.endsWith("citacoes") ? "citações" : "listas"}`,
    );
  }
  for (const path of ["/blog", "/sitemap.xml"]) {
    expect((await fetch(`${app.url}${path}`)).status, path).toBe(200);
  }
});
