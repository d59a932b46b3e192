import path from "node:path";
import type { Database } from "../../../db/database.ts";

export type { Database };

export interface Connection {
  db: Database;
  close: () => Promise<void>;
}

export const MIGRATIONS_FOLDER = path.resolve("drizzle");
