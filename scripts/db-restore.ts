// `npm run db:restore -- --to postgres://user@host/db <dump.sql>`: loads a dump written by
// `npm run db:backup` into an empty PostgreSQL database, in one transaction, so a site
// started on the embedded database moves with its data (docs/decisions/059-embedded-backup.md).
import fs from "node:fs";
import { parseArgs } from "node:util";
import pg from "pg";

const USAGE = "Usage: npm run db:restore -- --to postgres://user@host:5432/db <dump.sql>";

// The embedded database is PostgreSQL 17; pg_dump 17 sets a parameter older servers lack.
const POSTGRES_17_ONLY = /^SET transaction_timeout = 0;$/m;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { to: { type: "string" } },
    allowPositionals: true,
    strict: true,
  });
  const [file] = positionals;
  if (!values.to || !file || positionals.length > 1) throw new Error(USAGE);
  let sql = fs.readFileSync(file, "utf8");
  const client = new pg.Client({ connectionString: values.to });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number; version: number }>(
      `select count(*)::int as tables, current_setting('server_version_num')::int as version
         from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if (rows[0]!.tables > 0) {
      throw new Error("The target database is not empty: restore into a new database.");
    }
    if (rows[0]!.version < 170_000) sql = sql.replace(POSTGRES_17_ONLY, "");
    await client.query("begin");
    try {
      await client.query(sql);
      await client.query("commit");
    } catch (error) {
      await client.query("rollback");
      throw error;
    }
    const counts = await client.query<{ waitlist: number; posts: number; admins: number }>(
      `select (select count(*)::int from public.waitlist) as waitlist,
              (select count(*)::int from public.blog_posts) as posts,
              (select count(*)::int from public."user") as admins`,
    );
    const { waitlist, posts, admins } = counts.rows[0]!;
    console.log(`Restored: ${waitlist} sign-ups, ${posts} posts, ${admins} admins.`);
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
