import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema.ts";

/** A Drizzle database on either driver (PGlite or node-postgres), typed by the schema. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
