import pg from "pg";
import { expect, test } from "../support/e2e-test.ts";
import { createAdminWithCli } from "../support/admin-cli.ts";
import { type BuiltServer, startBuiltServer } from "../support/built-server.ts";
import { cookieFrom } from "../support/http.ts";
import { createDatabase, dropDatabase, uniqueDatabaseName } from "../support/postgres.ts";

// Two server processes on one PostgreSQL, requests alternating between their ports, as
// behind a load balancer: sessions and rate limits must hold across both.
test.describe.configure({ mode: "serial", timeout: 60_000 });

const adminEmail = "multi@agentesfx.test";
const adminPassword = "senha-multi-processo-123";
let databaseName: string;
let databaseUrl: string;
let servers: [BuiltServer, BuiltServer];

test.beforeAll(async () => {
  databaseName = uniqueDatabaseName("agentes_e2e_multi");
  databaseUrl = await createDatabase(databaseName);
  const env = {
    DATABASE_URL: databaseUrl,
    SIGNUP_RATE_LIMIT: "4",
    LOGIN_RATE_LIMIT_PER_EMAIL: "3",
  };
  // Started one after the other: the second also runs the (already applied) migrations.
  servers = [await startBuiltServer(env), await startBuiltServer(env)];
  await createAdminWithCli(databaseUrl, adminEmail, adminPassword);
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await dropDatabase(databaseName);
});

function post(server: BuiltServer, path: string, fields: Record<string, string>, cookie = "") {
  return fetch(server.url + path, {
    method: "POST",
    headers: { Origin: server.url, ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

function login(server: BuiltServer, password: string) {
  return post(server, "/admin", { intent: "login", email: adminEmail, password });
}

test("a session made on one process is valid on the other", async () => {
  const [first, second] = servers;
  const response = await login(first, adminPassword);
  expect(response.status).toBeGreaterThanOrEqual(300);
  expect(response.status).toBeLessThan(400);
  const cookie = cookieFrom(response.headers);
  expect(cookie).not.toBe("");

  const page = await fetch(`${second.url}/admin`, { headers: { Cookie: cookie } });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Sair");

  // And signing out on the second ends the session on the first as well.
  await post(second, "/admin", { intent: "logout" }, cookie);
  expect(
    await (await fetch(`${first.url}/admin`, { headers: { Cookie: cookie } })).text(),
  ).not.toContain("Sair");
});

test("the sign-up rate limit counts across both processes", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const server = servers[i % 2] as BuiltServer;
    const response = await post(server, "/contato", {
      name: "Limite",
      email: `limite-${i}@example.com`,
      terms: "on",
    });
    statuses.push(response.status);
  }
  // Four allowed per IP per minute in all, whichever process answered.
  expect(statuses.slice(0, 4).every((status) => status < 400)).toBe(true);
  expect(statuses.slice(4)).toEqual([429, 429]);
});

test("an admin's edit on one process shows at once on the other's cached pages", async () => {
  const [first, second] = servers;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ id: string }>(
    "select id from robots where slug = 'yenmax'",
  );
  await client.end();
  const pricesOn = async (server: BuiltServer) =>
    (await (await fetch(`${server.url}/precos`)).text()).match(/US\$\u00a0[\d.,]+/g);
  // Seen (and so kept) on the second process before the edit.
  expect(await pricesOn(second)).toContain("US$\u00a0149,25");
  const cookie = cookieFrom((await login(first, adminPassword)).headers);
  const edit = await post(
    first,
    "/admin/robos",
    {
      id: rows[0]!.id,
      name: "YenMax Agent",
      slug: "yenmax",
      description: "Editado em outro processo.",
      logoUrl: "",
      myfxbookLink: "",
      price: "220",
    },
    cookie,
  );
  expect(edit.status).toBe(200);
  await expect.poll(() => pricesOn(second)).toContain("US$\u00a0165,00");
  expect(await pricesOn(second)).not.toContain("US$\u00a0149,25");
});

test("the failed-login limit per e-mail counts across both processes", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) {
    statuses.push((await login(servers[i % 2] as BuiltServer, "senha-errada-000")).status);
  }
  expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
  expect(statuses.slice(3)).toEqual([429, 429]);
});
