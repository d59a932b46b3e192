import { getTableConfig, PgDialect, PgTable } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../app/platform/db/db.server.ts";
import { rowsOf } from "../app/platform/db/rows.ts";
import * as schema from "./schema.ts";

const dialect = new PgDialect();
const literals = (text: string) => [...text.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]).sort();

// The check constraints are built from the domains' model modules (docs/decisions/123): a
// value added to a model without a migration (npm run db:generate) fails here, not in
// production when the first row with it is written.
describe("check constraints", () => {
  const checks = (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => value instanceof PgTable)
    .flatMap((table) => {
      const config = getTableConfig(table);
      return config.checks.map((check) => ({
        name: check.name,
        values: literals(dialect.sqlToQuery(check.value).sql),
      }));
    });

  it("include the ones on domain values", () => {
    expect(checks.map((check) => check.name)).toEqual(
      expect.arrayContaining([
        "waitlist_status_check",
        "invitations_status_check",
        "blog_posts_category_check",
        "consent_events_kind_check",
        "email_tokens_purpose_check",
      ]),
    );
  });

  it("are in the migrated database with the values db/schema.ts gives them", async () => {
    const db = await getDb();
    const result = await db.execute(sql`
      select conname as name, pg_get_constraintdef(oid) as definition
      from pg_constraint where contype = 'c' and connamespace = 'public'::regnamespace`);
    const inDatabase = new Map(
      rowsOf<{ name: string; definition: string }>(result).map((row) => [
        row.name,
        literals(row.definition),
      ]),
    );
    for (const check of checks) {
      expect({ name: check.name, values: inDatabase.get(check.name) }).toEqual(check);
    }
  });
});
