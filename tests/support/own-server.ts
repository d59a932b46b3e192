import pg from "pg";
import { type BuiltServer, startBuiltServer } from "./built-server.ts";
import { createE2eDatabase, e2eAdmin } from "./e2e-database.ts";
import { cookieFrom } from "./http.ts";
import { dropDatabase, uniqueDatabaseName } from "./postgres.ts";

// A built server of a test file's own, on a fresh PostgreSQL database copied from the run's
// template, with the admin the real `admin:create` command made there (tests/e2e/global-setup.ts),
// for suites that change robots, posts and sessions freely without disturbing the shared
// end-to-end server.

export interface OwnServer {
  server: BuiltServer;
  url: string;
  adminEmail: string;
  adminPassword: string;
  /** Rows of a query on the server's database. */
  query: <Row extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    values?: unknown[],
  ) => Promise<Row[]>;
  /** Posts a form (or any body) to the server; same Origin unless `origin` says otherwise. */
  post: (path: string, body: BodyInit | null, options?: PostOptions) => Promise<Answer>;
  /** Signs the admin in; returns the Cookie header of the new session. */
  logIn: () => Promise<string>;
  stop: () => Promise<void>;
}

export interface PostOptions {
  cookie?: string;
  /** The Origin header; null sends none. Default: the server's own origin. */
  origin?: string | null;
  contentType?: string | null;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  text: string;
  headers: Headers;
}

export const SESSION_COOKIE = "__Secure-better-auth.session_token";

export async function startOwnServer(
  label: string,
  env: Record<string, string> = {},
): Promise<OwnServer> {
  const databaseName = uniqueDatabaseName(`agentes_e2e_${label}`);
  const databaseUrl = await createE2eDatabase(databaseName);
  let server: BuiltServer | undefined;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    server = await startBuiltServer({
      DATABASE_URL: databaseUrl,
      SIGNUP_RATE_LIMIT: "0",
      LOGIN_RATE_LIMIT_PER_IP: "10000",
      LOGIN_RATE_LIMIT_PER_EMAIL: "10000",
      ...env,
    });
  } catch (error) {
    await pool.end();
    await dropDatabase(databaseName);
    throw error;
  }
  const takesPtax = (env.PTAX_URL ?? process.env.PTAX_URL ?? "off") !== "off";
  if (takesPtax) await firstRateStored(pool);
  const { email: adminEmail, password: adminPassword } = e2eAdmin();
  const started = server;
  const url = started.url;

  async function post(
    path: string,
    body: BodyInit | null,
    { cookie, origin = url, contentType, headers = {} }: PostOptions = {},
  ): Promise<Answer> {
    const allHeaders = new Headers(headers);
    if (origin !== null) allHeaders.set("Origin", origin);
    if (cookie) allHeaders.set("Cookie", cookie);
    const type =
      contentType === undefined && typeof body === "string"
        ? "application/x-www-form-urlencoded"
        : contentType;
    if (type) allHeaders.set("Content-Type", type);
    const response = await fetch(`${url}${path}`, {
      method: "POST",
      headers: allHeaders,
      body,
      redirect: "manual",
      ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
    } as RequestInit);
    return { status: response.status, text: await response.text(), headers: response.headers };
  }

  return {
    server: started,
    url,
    adminEmail,
    adminPassword,
    query: async (text, values = []) => (await pool.query(text, values)).rows,
    post,
    logIn: async () => {
      const answer = await post(
        "/admin",
        new URLSearchParams({ intent: "login", email: adminEmail, password: adminPassword }),
      );
      if (answer.status !== 302) throw new Error(`login failed: ${answer.status}`);
      return cookieFrom(answer.headers);
    },
    stop: async () => {
      await pool.end();
      await started.stop();
      await dropDatabase(databaseName);
    },
  };
}

/**
 * Until the server's PTAX job has stored its first rate: staff cannot invite before it
 * (decision 354), and at load 15 it came after a test's first invitation.
 */
async function firstRateStored(pool: pg.Pool, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await pool.query("select 1 from exchange_rates limit 1")).rowCount === 0) {
    if (Date.now() > deadline) throw new Error(`no PTAX rate stored within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * One digest per table of everything in it, to show that a batch of refused requests
 * changed nothing at all.
 */
export async function tableDigests(
  query: OwnServer["query"],
  tables: readonly string[],
): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const table of tables) {
    const [row] = await query<{ digest: string }>(
      `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${table}" t`,
    );
    digests[table] = row?.digest ?? "";
  }
  return digests;
}
