import { sql, type Column, type SQL } from "drizzle-orm";

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
