import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { expect, test } from "../support/e2e-test.ts";
import { formReadMessages } from "../../app/content/http-errors.ts";
import { bytesOf, chunked, form } from "../support/http.ts";
import { type Answer, type OwnServer, tableDigests } from "../support/own-server.ts";
import { hostileServerForFile } from "../support/hostile-server.ts";

// Oversized and malformed bodies against every mutation endpoint, and path traversal on
// static files, against a built server of this file's own. request-limits.e2e.ts covers the
// sign-up's basic 413/415/400 cases on the shared server; this extends them to /admin
// (anonymous and signed in), to `.data` requests and to the remaining malformations.

let app: OwnServer;
let cookie: string;
hostileServerForFile("requests", (started, session) => {
  app = started;
  cookie = session;
});

const tables = ["waitlist", "robots", "blog_posts", "user", "account", "session"];
const tooLarge = "A requisição é grande demais (máximo de 64 KB).";

interface BodyCase {
  title: string;
  body: () => BodyInit;
  contentType?: string | null;
  /** Status for an anonymous request and for one with an admin session. */
  status: { anonymous: number; admin: number };
  /** Text the answer must contain. */
  says?: string;
}

async function robotFields(name = "Mudou") {
  const [robot] = await app.query<{ id: string }>(
    "select id from robots where slug = 'trendkey-btc'",
  );
  return {
    id: robot!.id,
    name,
    slug: "trendkey-btc",
    description: "Descrição.",
    price: "249",
  };
}

function multipart(fields: Record<string, string | Blob>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

// Without a session the admin layout's guard answers 401 before the body is read; only the
// server's size limit on a declared Content-Length, which comes first, answers 413 to everyone.
test("oversized and malformed bodies to an admin section answer 4xx, signed in or not, and change nothing", async () => {
  const fields = await robotFields();
  const valid = form(fields);
  const big = "x".repeat(70 * 1024);
  const cases: BodyCase[] = [
    {
      title: "over 64 KB with Content-Length",
      body: () => `${valid}&pad=${big}`,
      status: { anonymous: 413, admin: 413 },
      says: tooLarge,
    },
    {
      title: "over 64 KB chunked",
      body: () => chunked(`${valid}&pad=${big}`),
      contentType: "application/x-www-form-urlencoded",
      // Without a length up front the guard answers before a byte of the body is read.
      status: { anonymous: 401, admin: 413 },
      says: tooLarge,
    },
    {
      title: "a malformed percent escape",
      body: () => `${valid}&description=100%zz`,
      status: { anonymous: 401, admin: 400 },
      says: "UTF-8",
    },
    {
      title: "a truncated escape",
      body: () => `${form({ ...fields, name: "x" })}%E0%A4%A`,
      status: { anonymous: 401, admin: 400 },
    },
    {
      title: "raw invalid UTF-8",
      body: () => bytesOf(`${valid}&name=`, 0xc3, 0x28),
      contentType: "application/x-www-form-urlencoded",
      status: { anonymous: 401, admin: 400 },
      says: "UTF-8",
    },
    {
      title: "escaped invalid UTF-8",
      body: () => `${valid}&description=%FF%FE`,
      status: { anonymous: 401, admin: 400 },
    },
    {
      title: "JSON",
      body: () => JSON.stringify(fields),
      contentType: "application/json",
      status: { anonymous: 401, admin: 415 },
      says: "Formato de envio não aceito",
    },
    {
      title: "text/plain",
      body: () => valid,
      contentType: "text/plain",
      status: { anonymous: 401, admin: 415 },
    },
    {
      title: "XML",
      body: () => `<?xml version="1.0"?><robot><name>Mudou</name></robot>`,
      contentType: "application/xml",
      status: { anonymous: 401, admin: 415 },
    },
    {
      title: "no content type",
      body: () => bytesOf(valid),
      contentType: null,
      status: { anonymous: 401, admin: 415 },
    },
    {
      title: "multipart without a boundary",
      body: () => valid,
      contentType: "multipart/form-data",
      status: { anonymous: 401, admin: 400 },
      says: "Não foi possível ler o formulário",
    },
    {
      title: "a truncated multipart body",
      body: () => `--b\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupdate-rob`,
      contentType: "multipart/form-data; boundary=b",
      status: { anonymous: 401, admin: 400 },
    },
    {
      title: "multipart with a file for the name",
      body: () => multipart({ ...fields, name: new Blob(["Mudou"], { type: "text/plain" }) }),
      status: { anonymous: 401, admin: 400 },
      says: "Nome: campo obrigatório.",
    },
    {
      title: "an empty body",
      body: () => "",
      // No id: no robot to change.
      status: { anonymous: 401, admin: 404 },
    },
    {
      title: "a name of 60,000 characters",
      body: () => form({ ...fields, name: "N".repeat(60_000) }),
      status: { anonymous: 401, admin: 400 },
    },
    ...(["name", "description", "slug"] as const).map((field) => ({
      title: `a NUL byte in ${field}`,
      body: () => form({ ...fields, [field]: "Mu\u0000dou" }),
      status: { anonymous: 401, admin: 400 },
    })),
    {
      title: "a NUL byte in the id",
      body: () => form({ ...fields, id: `${fields.id}\u0000` }),
      status: { anonymous: 401, admin: 404 },
    },
  ];

  const before = await tableDigests(app.query, tables);
  const answers: Array<[string, Answer, number, string | undefined]> = [];
  for (const path of ["/admin/robos", "/admin/robos.data"]) {
    for (const who of ["anonymous", "admin"] as const) {
      const batch = await Promise.all(
        cases.map(async (c) => {
          const answer = await app.post(path, c.body(), {
            cookie: who === "admin" ? cookie : undefined,
            contentType: c.contentType,
          });
          return [`${c.title} ${path} ${who}`, answer, c.status[who], c.says] as [
            string,
            Answer,
            number,
            string | undefined,
          ];
        }),
      );
      answers.push(...batch);
    }
  }
  expect(
    answers
      .filter(
        ([, answer, status, says]) =>
          answer.status !== status || (says && status !== 401 && !answer.text.includes(says)),
      )
      .map(
        ([label, answer, status]) =>
          `${label}: ${answer.status}, expected ${status}: ${answer.text.slice(0, 100)}`,
      ),
  ).toEqual([]);
  expect(await tableDigests(app.query, tables)).toEqual(before);
});

test("NUL bytes and overlong values in every admin field are refused with a field message", async () => {
  const robot = await robotFields();
  const [entry] = await app.query<{ id: string }>(
    `insert into waitlist (name, email, terms_accepted_at) values ('Nulo', 'nulo@example.com', now()) returning id`,
  );
  const [post] = await app.query<{ id: string }>(
    "select id from blog_posts where slug = 'hedge-e-preco-medio'",
  );
  const postFields = {
    intent: "update-post",
    id: post!.id,
    title: "Título",
    slug: "hedge-e-preco-medio",
    excerpt: "Resumo",
    content: "Texto",
    featuredImageUrl: "https://exemplo.com/imagem.jpg",
    category: "Estratégia",
    author: "Autor",
  };
  const robotLinks = {
    ...robot,
    logoUrl: "https://exemplo.com/logo.png",
    myfxbookLink: "https://www.myfxbook.com/x",
  };
  const nul = (value: string) => `${value.slice(0, 3)}\u0000${value.slice(3)}`;
  // [label, route, fields, status, text the answer must contain]
  type Case = [string, string, Record<string, string>, number, string];
  const requests: Case[] = [
    ...(["name", "description", "logoUrl", "myfxbookLink"] as const).map(
      (field) =>
        [
          `robot ${field}`,
          "/admin/robos",
          { ...robotLinks, [field]: nul(robotLinks[field]) },
          400,
          formReadMessages.nulCharacter,
        ] as Case,
    ),
    ...(["title", "excerpt", "content", "featuredImageUrl", "author"] as const).flatMap((field) =>
      ["update-post", "create-post"].map(
        (intent) =>
          [
            `${intent} ${field}`,
            "/admin/blog",
            {
              ...postFields,
              intent,
              slug: intent === "create-post" ? "novo-nulo" : postFields.slug,
              [field]: nul(postFields[field]),
            },
            400,
            formReadMessages.nulCharacter,
          ] as Case,
      ),
    ),
    [
      "robot slug",
      "/admin/robos",
      { ...robot, slug: "trend\u0000key" },
      400,
      formReadMessages.nulCharacter,
    ],
    [
      "robot price",
      "/admin/robos",
      { ...robot, price: "1\u00009" },
      400,
      formReadMessages.nulCharacter,
    ],
    [
      "post category",
      "/admin/blog",
      { ...postFields, category: "Mercado\u0000" },
      400,
      formReadMessages.nulCharacter,
    ],
    [
      "waitlist status",
      "/admin/lista",
      { id: entry!.id, status: "converted\u0000" },
      400,
      formReadMessages.nulCharacter,
    ],
    ["waitlist id", "/admin/lista", { id: `${entry!.id}\u0000`, status: "converted" }, 404, ""],
    [
      "intent",
      "/admin/blog",
      { ...postFields, intent: "update-post\u0000" },
      400,
      "Ação desconhecida.",
    ],
    [
      "login e-mail",
      "/admin",
      { intent: "login", email: `${app.adminEmail}\u0000`, password: app.adminPassword },
      400,
      formReadMessages.nulCharacter,
    ],
    [
      "login password",
      "/admin",
      { intent: "login", email: app.adminEmail, password: `${app.adminPassword}\u0000` },
      400,
      formReadMessages.nulCharacter,
    ],
    [
      "robot name 60,000",
      "/admin/robos",
      { ...robot, name: "N".repeat(60_000) },
      400,
      "Nome: no máximo 120 caracteres.",
    ],
    [
      "post content 60,000",
      "/admin/blog",
      { ...postFields, content: "c".repeat(60_000) },
      400,
      "Conteúdo: no máximo 20000 caracteres.",
    ],
    [
      "login e-mail 60,000",
      "/admin",
      { intent: "login", email: `${"e".repeat(60_000)}@example.com`, password: "x" },
      400,
      "",
    ],
    [
      "login password 60,000",
      "/admin",
      { intent: "login", email: app.adminEmail, password: "p".repeat(60_000) },
      400,
      "",
    ],
  ];
  const before = await app.query("select * from robots order by slug");
  const beforeOthers = await tableDigests(app.query, ["waitlist", "blog_posts", "user", "account"]);
  const sessions = await app.query("select count(*)::int as n from session");
  const answers = await Promise.all(
    requests.map(async ([label, route, fields, status, says]) => {
      const answer = await app.post(`${route}.data`, form(fields), { cookie });
      return { label, status, says, answer };
    }),
  );
  expect(
    answers
      .filter(({ answer, status, says }) => answer.status !== status || !answer.text.includes(says))
      .map(
        ({ label, answer, status }) =>
          `${label}: ${answer.status}, expected ${status}: ${answer.text.slice(0, 160)}`,
      ),
  ).toEqual([]);
  expect(await app.query("select * from robots order by slug")).toEqual(before);
  expect(await tableDigests(app.query, ["waitlist", "blog_posts", "user", "account"])).toEqual(
    beforeOthers,
  );
  expect(await app.query("select count(*)::int as n from session")).toEqual(sessions);
});

test("repeated fields: the first value counts for the intent and every field; ids are a set only where bulk", async () => {
  // The bulk status form sends one id per person; its status is still the first one.
  const [first, second] = await app.query<{ id: string }>(
    `insert into waitlist (name, email, terms_accepted_at)
     values ('Primeiro', 'primeiro@example.com', now()), ('Segundo', 'segundo@example.com', now()) returning id`,
  );
  const bulk = await app.post(
    "/admin/lista.data",
    form({ id: [first!.id, second!.id], status: ["contacted", "converted"] }),
    { cookie },
  );
  expect(bulk.status).toBe(200);
  expect(
    await app.query("select name, status from waitlist where id = any($1) order by name", [
      [first!.id, second!.id],
    ]),
  ).toEqual([
    { name: "Primeiro", status: "contacted" },
    { name: "Segundo", status: "contacted" },
  ]);

  // A robot: the first id and the first name.
  const robot = await robotFields("Primeiro nome");
  const [other] = await app.query<{ id: string; name: string }>(
    "select id, name from robots where slug = 'yenmax'",
  );
  const renamed = await app.post(
    "/admin/robos.data",
    form({ ...robot, id: [robot.id, other!.id], name: ["Primeiro nome", "Segundo nome"] }),
    { cookie },
  );
  expect(renamed.status).toBe(200);
  expect(await app.query("select name from robots where id = $1", [robot.id])).toEqual([
    { name: "Primeiro nome" },
  ]);
  expect(await app.query("select name from robots where id = $1", [other!.id])).toEqual([
    { name: other!.name },
  ]);

  // A post: "update-post" then "create-post" is an update, and nothing is created.
  const [post] = await app.query<{ id: string }>(
    "select id from blog_posts where slug = 'hedge-e-preco-medio'",
  );
  const posts = await app.query("select count(*)::int as n from blog_posts");
  const updated = await app.post(
    "/admin/blog.data",
    form({
      intent: ["update-post", "create-post"],
      id: post!.id,
      title: ["Primeiro título", "Segundo título"],
      slug: "hedge-e-preco-medio",
      excerpt: "Resumo",
      content: "Texto",
      featuredImageUrl: "",
      category: "Estratégia",
      author: "Autor",
    }),
    { cookie },
  );
  expect(updated.status).toBe(200);
  expect(await app.query("select title from blog_posts where id = $1", [post!.id])).toEqual([
    { title: "Primeiro título" },
  ]);
  expect(await app.query("select count(*)::int as n from blog_posts")).toEqual(posts);

  // Login then logout: the first intent counts, so the session is not ended.
  const login = await app.post(
    "/admin",
    form({ intent: ["login", "logout"], email: app.adminEmail, password: app.adminPassword }),
    { cookie },
  );
  expect(login.status).toBe(302);
  expect(
    await (await fetch(`${app.url}/admin/lista`, { headers: { Cookie: cookie } })).text(),
  ).toContain("Sair");
});

test("malformed sign-ups to /contato and /contato.data answer 4xx and store nothing", async () => {
  const valid = { name: "Malformado", email: "malformado@example.com", terms: "on" };
  const body = form(valid);
  const cases: Array<[string, () => BodyInit, string | null | undefined, number]> = [
    [
      "over 64 KB chunked",
      () => chunked(`${body}&message=${"m".repeat(70 * 1024)}`),
      "application/x-www-form-urlencoded",
      413,
    ],
    ["JSON", () => JSON.stringify(valid), "application/json", 415],
    ["text/plain", () => body, "text/plain", 415],
    ["XML", () => "<signup><email>malformado@example.com</email></signup>", "text/xml", 415],
    ["no content type", () => bytesOf(body), null, 415],
    ["a malformed escape", () => `${body}&message=%E0%A4%A`, undefined, 400],
    [
      "a truncated multipart body",
      () => `--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nMal`,
      "multipart/form-data; boundary=b",
      400,
    ],
    [
      "a file for the e-mail",
      () => multipart({ ...valid, email: new Blob(["malformado@example.com"]) }),
      undefined,
      400,
    ],
    ["an empty body", () => "", undefined, 400],
    [
      "a repeated e-mail",
      () => form({ ...valid, email: [valid.email, "outro@example.com"] }),
      undefined,
      400,
    ],
    [
      "a name of 60,000 characters",
      () => form({ ...valid, name: "N".repeat(60_000) }),
      undefined,
      400,
    ],
    ["a NUL byte in the name", () => form({ ...valid, name: "Mal\u0000formado" }), undefined, 400],
    ["a NUL byte in the message", () => form({ ...valid, message: "a\u0000b" }), undefined, 400],
    [
      "a NUL byte in the e-mail",
      () => form({ ...valid, email: "mal\u0000formado@example.com" }),
      undefined,
      400,
    ],
    ["a NUL byte in an agent", () => form({ ...valid, agents: "yenmax\u0000" }), undefined, 400],
  ];
  const answers = await Promise.all(
    ["/contato", "/contato.data"].flatMap((path) =>
      cases.map(async ([title, makeBody, contentType, status]) => {
        const answer = await app.post(path, makeBody(), { contentType });
        return { label: `${title} ${path}`, status, answer };
      }),
    ),
  );
  expect(
    answers
      .filter(({ answer, status }) => answer.status !== status)
      .map(({ label, answer, status }) => `${label}: ${answer.status}, expected ${status}`),
  ).toEqual([]);
  expect(
    await app.query(
      "select email from waitlist where email like '%formado%' or email like 'outro%'",
    ),
  ).toEqual([]);
});

/** GET with the request target exactly as written (fetch would normalise dots and backslashes). */
function rawGet(
  target: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; location?: string }> {
  return new Promise((resolve, reject) => {
    const options = { path: target, method: "GET", headers };
    const request = http.request(`${app.url}/`, options, (response) => {
      let body = "";
      response.setEncoding("latin1");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body, location: response.headers.location }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

const projectRoot = path.resolve(import.meta.dirname, "../..");

/** A line of a file that only the file itself would contain. */
function fingerprint(file: string): string | null {
  try {
    const lines = fs.readFileSync(path.join(projectRoot, file), "utf8").split("\n");
    return lines.map((line) => line.trim()).find((line) => line.length > 20) ?? null;
  } catch {
    return null;
  }
}

test("path traversal on static files never answers 5xx nor a file's content", async () => {
  const targets = [
    "/assets/../package.json",
    "/assets/%2e%2e/%2e%2e/package.json",
    "/assets/%2e%2e/package.json",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/assets/..%2f..%2fserver.ts",
    "/assets/..%2fpackage.json",
    "/favicon.svg/..%2f..%2fpackage.json",
    "/assets/%252e%252e/%252e%252e/package.json",
    "/assets/%252e%252e%252fpackage.json",
    "/assets/..%5c..%5cpackage.json",
    "/assets\\..\\..\\package.json",
    "/assets/%2e%2e%5c%2e%2e%5cserver.ts",
    "/assets/%c0%ae%c0%ae/%c0%ae%c0%ae/package.json",
    "/assets/....//....//package.json",
    "/assets/..;/package.json",
    "/assets/%00../package.json",
    "//etc/passwd",
    "/assets//etc/passwd",
    "/build/server/index.js",
    "/build/client/../server/index.js",
    "/server.ts",
    "/package.json",
    "/.env",
    "/.git/config",
    "/data/server.lock",
    "/data/auth-secret",
    "/drizzle/0000_init.sql",
    "/node_modules/react/package.json",
    "/tests/e2e/global-setup.ts",
  ];
  const secrets = [
    "package.json",
    "server.ts",
    "build/server/index.js",
    "drizzle/0000_init.sql",
    ".git/config",
    "tests/e2e/global-setup.ts",
  ]
    .map(fingerprint)
    .filter((line): line is string => line !== null);
  expect(secrets.length).toBeGreaterThanOrEqual(5);
  secrets.push("root:x:0:0", "BETTER_AUTH_SECRET=");
  const answers = await Promise.all(
    targets.map(async (target) => ({ target, ...(await rawGet(target)) })),
  );
  expect(
    answers
      .filter(
        ({ status, body }) =>
          status >= 500 || status === 200 || secrets.some((secret) => body.includes(secret)),
      )
      .map(({ target, status }) => `${target}: ${status}`),
  ).toEqual([]);
  // The static files themselves are served.
  const favicon = await rawGet("/favicon.svg");
  expect(favicon.status).toBe(200);
  expect(favicon.body).toContain("<svg");
});

test("hostile URL segments and query strings on pages never answer 5xx", async () => {
  const targets = [
    "/blog/%00",
    "/blog/%00.data",
    "/blog/%27%20OR%201%3D1%20--",
    "/blog/%",
    "/blog/%E0%A4%A",
    `/blog/${"a".repeat(5000)}`,
    "/agentes/%00",
    "/agentes/yenmax%00",
    "/agentes/%27--",
    "/blog?categoria=%00",
    "/blog?categoria=%27%20OR%201%3D1--",
    "/contato?agente=%00&utm_source=%00",
    "/admin?tab=%00",
    "/admin.data?_routes=%00",
    "/nao-existe/%00",
  ];
  const answers = await Promise.all(
    targets.map(async (target) => ({ target, ...(await rawGet(target)) })),
  );
  expect(
    answers
      .filter(({ status }) => status >= 500 || status === 0)
      .map(({ target, status }) => `${target.slice(0, 40)}: ${status}`),
  ).toEqual([]);
  expect(answers.find(({ target }) => target === "/blog/%00")?.status).toBe(404);
});

// A bare "//" with a Referer once threw before Express and stopped the server (decision 320).
test("a path of several leading slashes is redirected to its one-slash path, and the server keeps serving", async () => {
  const views = {
    Referer: "https://google.com/",
    Accept: "text/html",
    "Sec-Fetch-Dest": "document",
  };
  const targets = {
    "//": "/",
    "//contato?agente=yenmax": "/contato?agente=yenmax",
    "///evil.example/x": "/evil.example/x",
    "/\\evil.example": "/evil.example",
  };
  for (const headers of [{}, views]) {
    for (const [target, location] of Object.entries(targets)) {
      const answer = await rawGet(target, headers);
      expect({ target, status: answer.status, location: answer.location }).toEqual({
        target,
        status: 301,
        location,
      });
    }
  }
  expect((await rawGet("/")).status).toBe(200);
});

test("PUT, PATCH and DELETE answer 405 with Allow and change nothing, from any Origin", async () => {
  const [entry] = await app.query<{ id: string }>(
    `insert into waitlist (name, email, terms_accepted_at) values ('Métodos', 'metodos@example.com', now()) returning id`,
  );
  const change = form({ intent: "set-waitlist-status", id: entry!.id, status: "converted" });
  const bodies: Array<[string | null, string | null]> = [
    ["application/json", "{}"],
    ["application/x-www-form-urlencoded", change],
    [null, null],
  ];
  const send = (
    method: string,
    path: string,
    type: string | null,
    body: string | null,
    origin = app.url,
  ) =>
    fetch(`${app.url}${path}`, {
      method,
      headers: { Origin: origin, Cookie: cookie, ...(type ? { "Content-Type": type } : {}) },
      body,
      redirect: "manual",
    }).then(async (response) => ({
      label: `${method} ${path} ${type}`,
      status: response.status,
      allow: response.headers.get("allow"),
      text: await response.text(),
    }));
  const methods = ["PUT", "PATCH", "DELETE"];
  const forged = await Promise.all(
    methods.flatMap((method) =>
      ["/admin", "/admin.data", "/contato", "/contato.data"].map((path) =>
        send(method, path, "application/x-www-form-urlencoded", change, "https://evil.example"),
      ),
    ),
  );
  expect(
    forged.filter(({ status }) => status !== 405).map(({ label, status }) => `${label}: ${status}`),
  ).toEqual([]);
  expect(await app.query("select status from waitlist where id = $1", [entry!.id])).toEqual([
    { status: "pending" },
  ]);

  const answers = await Promise.all(
    methods.flatMap((method) =>
      [
        "/admin",
        "/admin.data",
        "/contato",
        "/contato.data",
        "/",
        "/blog/hedge-e-preco-medio",
        "/sitemap.xml",
      ].flatMap((path) => bodies.map(([type, body]) => send(method, path, type, body))),
    ),
  );
  expect(
    answers
      .filter(({ status }) => status !== 405)
      .map(({ label, status }) => `${label}: ${status}`),
  ).toEqual([]);
  expect(answers.every(({ allow }) => allow === "GET, HEAD, POST")).toBe(true);
  // Only POST reaches an action (server/errors.ts), even from the page's own origin.
  expect(await app.query("select status from waitlist where id = $1", [entry!.id])).toEqual([
    { status: "pending" },
  ]);
});
