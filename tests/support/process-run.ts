import pg from "pg";
import { expect } from "@playwright/test";
import { createDatabase, dropDatabase, uniqueDatabaseName } from "./postgres.ts";
import { startSmtpServer, type TestSmtpServer } from "./smtp-server.ts";

// A browser-less test of several built processes (web servers, `npm run worker`s): a
// PostgreSQL database and an SMTP server of its own, one client to look at the rows, and
// what each recipient received, to prove every message arrives exactly once.

export interface ProcessRun {
  pool: pg.Pool;
  smtp: TestSmtpServer;
  /** Points a process at the run's database and SMTP server; leases lapse after 3 s. */
  env: Record<string, string>;
  /** The Message-IDs each recipient received: a resend after a kill keeps its Message-ID. */
  messageIds: () => Map<string, Set<string>>;
  /** Waits until the outbox holds `count` messages, all sent. */
  expectOutboxSent: (count: number) => Promise<void>;
  /** Stops the processes, then the SMTP server, the client and the database. */
  close: (processes: { stop: () => Promise<unknown> }[]) => Promise<void>;
}

export async function startProcessRun(
  prefix: string,
  env: Record<string, string> = {},
): Promise<ProcessRun> {
  const databaseName = uniqueDatabaseName(prefix);
  const databaseUrl = await createDatabase(databaseName);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  pool.on("error", () => {});
  const smtp = await startSmtpServer();
  return {
    pool,
    smtp,
    env: { DATABASE_URL: databaseUrl, SMTP_URL: smtp.url, EMAIL_LEASE_MS: "3000", ...env },
    messageIds: () => {
      const seen = new Map<string, Set<string>>();
      for (const mail of smtp.messages) {
        const to = mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined;
        if (to) seen.set(to, (seen.get(to) ?? new Set()).add(mail.messageId ?? ""));
      }
      return seen;
    },
    expectOutboxSent: async (count) => {
      await expect
        .poll(
          async () =>
            (
              await pool.query(
                "select status, count(*)::int as n from email_outbox group by status",
              )
            ).rows,
          { timeout: 30_000 },
        )
        .toEqual([{ status: "sent", n: count }]);
    },
    close: async (processes) => {
      await Promise.all(processes.map((process) => process.stop()));
      await smtp.close();
      await pool.end();
      await dropDatabase(databaseName);
    },
  };
}
