import pg from "pg";
import { expect, test } from "../support/e2e-test.ts";
import { createAdminWithCli } from "../support/admin-cli.ts";
import {
  type BuiltServer,
  type BuiltWorker,
  freePort,
  startBuiltServer,
  startBuiltWorker,
} from "../support/built-server.ts";
import { cookieFrom } from "../support/http.ts";
import { type RunningNginx, startNginx } from "../support/nginx.ts";
import { createDatabase, dropDatabase, uniqueDatabaseName } from "../support/postgres.ts";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server.ts";

// The shipped deployment (deploy/nginx.conf, docs/decisions/403): nginx in front of two web
// processes (WORKER=off) and `npm run worker`, all on one PostgreSQL. Every request goes
// through nginx, as a visitor's would; the access log says which process answered.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const ADMIN = { email: "topologia@agentesfx.test", password: "senha-da-topologia-123" };
const PROXY_CACHE_SECONDS = 3;

let databaseName: string;
let databaseUrl: string;
let smtp: TestSmtpServer;
let nginx: RunningNginx;
let worker: BuiltWorker;
const web: BuiltServer[] = [];
let webEnv: Record<string, string>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  databaseName = uniqueDatabaseName("agentes_nginx");
  databaseUrl = await createDatabase(databaseName);
  smtp = await startSmtpServer();
  const [nginxPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
  webEnv = {
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    WORKER: "off",
    // nginx is the one proxy in front: the client is the address it saw.
    TRUST_PROXY: "1",
    SITE_URL: `http://127.0.0.1:${nginxPort}`,
    PROXY_CACHE_SECONDS: String(PROXY_CACHE_SECONDS),
    LOGIN_RATE_LIMIT_PER_EMAIL: "3",
    // Every sign-up of this test comes from one address.
    SIGNUP_RATE_LIMIT: "0",
  };
  // One after the other: the second also runs the (already applied) migrations.
  web.push(await startBuiltServer(webEnv, { port: portA }));
  web.push(await startBuiltServer(webEnv, { port: portB }));
  worker = await startBuiltWorker({ DATABASE_URL: databaseUrl, SMTP_URL: smtp.url });
  nginx = await startNginx({ port: nginxPort, upstreams: [portA, portB] });
  await createAdminWithCli(databaseUrl, ADMIN.email, ADMIN.password);
});

test.afterAll(async () => {
  await nginx?.stop();
  await Promise.all(web.map((server) => server.stop()));
  await worker?.stop();
  await smtp?.close();
  await dropDatabase(databaseName);
});

function post(path: string, fields: Record<string, string>, cookie = "") {
  return fetch(nginx.url + path, {
    method: "POST",
    headers: { Origin: nginx.url, ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

const login = (password: string) =>
  post("/admin", { intent: "login", email: ADMIN.email, password });

/** The access log's length once what nginx buffered (a second at most) is written. */
async function settledLogLength(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  return nginx.accessLog().length;
}

/** The web processes' ports that answered the access log's lines after `from` for `path`. */
function upstreamsOf(from: number, path: string): Set<string> {
  return new Set(
    nginx
      .accessLog()
      .slice(from)
      .filter((line) => line.includes(` ${path} HTTP`))
      .map((line) => /upstream=\S*:(\d+)/.exec(line)?.[1] ?? "none"),
  );
}

const bothPorts = () => new Set(web.map((server) => String(server.port)));

test("anonymous public pages are micro-cached by nginx; nothing with a session or cookie is", async () => {
  const first = await fetch(`${nginx.url}/precos`);
  expect(first.headers.get("cache-control")).toBe(
    `public, max-age=0, must-revalidate, s-maxage=${PROXY_CACHE_SECONDS}`,
  );
  await first.text();
  const again = await fetch(`${nginx.url}/precos`);
  expect(again.headers.get("x-cache-status")).toBe("HIT");
  expect(await again.text()).toContain("US$");

  // A visitor with a cookie gets a page rendered for the request, marked private.
  const withCookie = await fetch(`${nginx.url}/precos`, { headers: { Cookie: "x=1" } });
  expect(withCookie.headers.get("x-cache-status")).toBe("BYPASS");
  expect(withCookie.headers.get("cache-control")).toBe("private, no-store");

  // A signed-in admin's pages are never kept, and never answered to anyone else.
  const signedIn = await login(ADMIN.password);
  expect(signedIn.status).toBeGreaterThanOrEqual(300);
  expect(signedIn.status).toBeLessThan(400);
  const cookie = cookieFrom(signedIn.headers);
  for (let i = 0; i < 2; i++) {
    const admin = await fetch(`${nginx.url}/admin/lista`, { headers: { Cookie: cookie } });
    expect(admin.status).toBe(200);
    expect(admin.headers.get("x-cache-status")).toBe("BYPASS");
    expect(await admin.text()).toContain("Sair");
  }
  for (let i = 0; i < 2; i++) {
    const anonymous = await fetch(`${nginx.url}/admin/lista`, { redirect: "manual" });
    expect(anonymous.headers.get("x-cache-status")).not.toBe("HIT");
    expect(await anonymous.text()).not.toContain("Sair");
  }
  const loginPage = await fetch(`${nginx.url}/admin`);
  expect(loginPage.headers.get("cache-control")).toMatch(/no-store|no-cache/);
});

test("a session made through one web process is valid on the other, and ends on both", async () => {
  const from = await settledLogLength();
  const cookie = cookieFrom((await login(ADMIN.password)).headers);
  expect(cookie).not.toBe("");
  for (let i = 0; i < 4; i++) {
    const page = await fetch(`${nginx.url}/admin/robos`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Sair");
  }
  // The access log is written every second.
  await expect
    .poll(() => upstreamsOf(from, "/admin/robos"), { timeout: 5_000 })
    .toEqual(bothPorts());

  await post("/admin", { intent: "logout" }, cookie);
  for (let i = 0; i < 2; i++) {
    const page = await fetch(`${nginx.url}/admin/robos`, {
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    expect(await page.text()).not.toContain("Sair");
  }
});

test("an admin's edit empties the page cache of both processes and shows through nginx within the configured seconds", async () => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ id: string }>(
    "select id from robots where slug = 'yenmax'",
  );
  await client.end();
  const pricesAt = async (origin: string) =>
    (await (await fetch(`${origin}/precos`)).text()).match(/US\$\u00a0[\d.,]+/g);
  // Kept by both processes and by nginx before the edit.
  for (const origin of [...web.map((server) => server.url), nginx.url, nginx.url]) {
    expect(await pricesAt(origin)).toContain("US$\u00a0149,25");
  }
  const cookie = cookieFrom((await login(ADMIN.password)).headers);
  const edit = await post(
    "/admin/robos",
    {
      id: rows[0]!.id,
      name: "YenMax Agent",
      slug: "yenmax",
      description: "Editado atrás do nginx.",
      logoUrl: "",
      myfxbookLink: "",
      price: "220",
    },
    cookie,
  );
  expect(edit.status).toBe(200);
  // Each process's own cache is emptied by the database's notification at once.
  for (const server of web) {
    await expect.poll(() => pricesAt(server.url), { timeout: 5_000 }).toContain("US$\u00a0165,00");
  }
  // nginx may answer its copy for PROXY_CACHE_SECONDS, then the new page.
  await expect
    .poll(() => pricesAt(nginx.url), {
      timeout: (PROXY_CACHE_SECONDS + 2) * 1000,
      intervals: [250],
    })
    .toContain("US$\u00a0165,00");
});

test("the failed-login limit counts across both web processes", async () => {
  const from = await settledLogLength();
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) statuses.push((await login("senha-errada-000")).status);
  expect(statuses).toEqual([401, 401, 401, 429, 429]);
  await expect.poll(() => upstreamsOf(from, "/admin"), { timeout: 5_000 }).toEqual(bothPorts());
});

test("SIGKILL of either web process loses no sign-up sent through nginx", async () => {
  const emails: string[] = [];
  const statuses: number[] = [];
  let sent = 0;
  /** Sign-ups four at a time until `count` more have been answered. */
  async function signUps(count: number, midway: () => Promise<void>) {
    const until = sent + count;
    const half = sent + Math.floor(count / 2);
    let killed: Promise<void> | undefined;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (sent < until) {
          const email = `topologia-${sent++}@exemplo.com`;
          if (sent >= half) killed ??= midway();
          emails.push(email);
          const answer = await post("/contato", { name: "Topologia", email, terms: "on" });
          statuses.push(answer.status);
          await answer.arrayBuffer();
        }
      }),
    );
    await killed;
  }
  const [a, b] = web as [BuiltServer, BuiltServer];
  await signUps(40, () => a.kill());
  // Web A back on its port, then web B killed.
  web[0] = await startBuiltServer(webEnv, { port: a.port });
  await signUps(40, () => b.kill());
  web[1] = await startBuiltServer(webEnv, { port: b.port });

  expect(statuses.filter((status) => status >= 400)).toEqual([]);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ email: string }>(
    "select email from waitlist where email like 'topologia-%'",
  );
  await client.end();
  expect(rows.map((row) => row.email).sort()).toEqual([...emails].sort());
});
