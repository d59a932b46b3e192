import { getTableColumns, sql, type Column, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

/** The rows a data-modifying statement returned, on either driver. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** How many values one statement is given at most when a long list is split. */
export const BATCH_SIZE = 1000;

/**
 * Runs `query` over `values` in batches of BATCH_SIZE (a statement binds a bounded number
 * of parameters) and joins the rows the batches return, in order. None for no values.
 */
export async function inBatches<Value, Row>(
  values: readonly Value[],
  query: (batch: Value[]) => Promise<Row[]>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let i = 0; i < values.length; i += BATCH_SIZE) {
    rows.push(...(await query(values.slice(i, i + BATCH_SIZE))));
  }
  return rows;
}

/**
 * `column` among `values`, however many, as one parameter (a JSON array): a statement with a
 * parameter per value costs the web thread time to build in proportion (10,000 references of
 * a statement file, docs/decisions/406).
 */
export function amongText(column: Column | SQL, values: readonly string[]): SQL {
  return sql`${column} in (select json_array_elements_text(${JSON.stringify(values)}::json))`;
}

type Columns = Record<string, Column>;
const isJson = (column: Column) =>
  column.columnType === "PgJson" || column.columnType === "PgJsonb";

/**
 * `insert into <table> (...) select ... from json_populate_recordset(...)`: many rows bound as
 * one JSON parameter. Drizzle's `insert().values(rows)` binds a parameter per value and costs
 * this thread about 13 µs each to build (10,000 money events of a bank statement, 12 columns
 * each: 1.5 s of CPU); one JSON text costs a JSON.stringify (docs/decisions/470). Values are
 * mapped as drizzle maps them (a Date to its ISO text); a column no row gives takes its
 * default, and one only some rows give is refused where it has a default (as a missing key
 * would read NULL, not DEFAULT). Append `on conflict ...` and `returning ...` as needed.
 */
export function insertRowsSql<T extends PgTable>(
  table: T,
  rows: readonly T["$inferInsert"][],
): SQL {
  if (rows.length === 0) throw new Error("insertRowsSql needs at least one row");
  const columns = getTableColumns(table) as Columns;
  const given = Object.keys(columns).filter((key) =>
    rows.some((row) => (row as Record<string, unknown>)[key] !== undefined),
  );
  const values = rows.map((row) => {
    const record = row as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of given) {
      const column = columns[key]!;
      const value = record[key];
      if (value === undefined && column.hasDefault) {
        throw new Error(`insertRowsSql: ${column.name} is given in some rows only`);
      }
      out[column.name] =
        value === undefined || value === null
          ? null
          : isJson(column)
            ? value
            : column.mapToDriverValue(value);
    }
    return out;
  });
  const names = sql.join(
    given.map((key) => sql.identifier(columns[key]!.name)),
    sql`, `,
  );
  return sql`insert into ${table} (${names})
    select ${names} from json_populate_recordset(null::${table}, ${JSON.stringify(values)}::json)`;
}

/** `returning` every column under its drizzle key, for `rowsFromDriver`. */
export function returningAll(table: PgTable): SQL {
  const columns = getTableColumns(table) as Columns;
  return sql`returning ${sql.join(
    Object.entries(columns).map(
      ([key, column]) => sql`${sql.identifier(column.name)} as ${sql.identifier(key)}`,
    ),
    sql`, `,
  )}`;
}

/** The rows `returningAll` gave, mapped as drizzle's own select maps them. */
export function rowsFromDriver<T extends PgTable>(table: T, result: unknown): T["$inferSelect"][] {
  const columns = getTableColumns(table) as Columns;
  return rowsOf<Record<string, unknown>>(result).map((row) => {
    const out: Record<string, unknown> = {};
    for (const [key, column] of Object.entries(columns)) {
      const value = row[key];
      out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return out as T["$inferSelect"];
  });
}
