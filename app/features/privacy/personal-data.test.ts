import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../../db/schema.ts";
import { erasedColumns, keptColumns } from "./personal-data.ts";

// Issue 25: every column of db/schema.ts that can hold text (text, JSON, arrays) is listed
// once, either as personal data with how erasure treats it, or as kept with a reason. A new
// table or column fails here until someone decides (docs/decisions/148).
const TEXT_TYPES = new Set(["PgText", "PgVarchar", "PgChar", "PgJsonb", "PgJson", "PgArray"]);

function textColumns(): string[] {
  const tables: PgTable[] = Object.values(schema as Record<string, unknown>).filter(
    (value): value is PgTable => value instanceof PgTable,
  );
  return tables
    .flatMap((table) => {
      const config = getTableConfig(table);
      return config.columns
        .filter((column) => TEXT_TYPES.has(column.columnType))
        .map((column) => `${config.name}.${column.name}`);
    })
    .sort();
}

const listed = (map: Record<string, Record<string, string>>) =>
  Object.entries(map).flatMap(([table, columns]) =>
    Object.keys(columns).map((column) => `${table}.${column}`),
  );

describe("personal data", () => {
  it("lists every text column of the schema exactly once", () => {
    const erased = listed(erasedColumns);
    const kept = listed(keptColumns);
    expect(erased.filter((column) => kept.includes(column))).toEqual([]);
    const covered = new Set([...erased, ...kept]);
    expect(textColumns().filter((column) => !covered.has(column))).toEqual([]);
    // Nothing listed that the schema does not have (a renamed column is caught too).
    expect([...covered].filter((column) => !textColumns().includes(column))).toEqual([]);
  });
});
