import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeScratchDir } from "../../../tests/support/scratch-dir.ts";
import { connectPglite } from "./db.server.ts";

// A real PGlite database opened in a fresh folder, with a world-writable file left there
// before: afterwards nothing in DATA_DIR may be readable or writable by anyone else.
const parent = makeScratchDir("agentes-data-dir-");
const dataDir = path.join(parent, "data");

afterAll(() => fs.rmSync(parent, { recursive: true, force: true }));

function looseEntries(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((full) => (fs.lstatSync(full).mode & 0o077) !== 0);
}

describe("DATA_DIR permissions", () => {
  it("creates DATA_DIR 0700 and keeps every file in it owner-only", async () => {
    fs.mkdirSync(dataDir, { mode: 0o777 });
    fs.chmodSync(dataDir, 0o777);
    fs.writeFileSync(path.join(dataDir, "left-over"), "x", { mode: 0o666 });
    fs.chmodSync(path.join(dataDir, "left-over"), 0o666);

    const connection = await connectPglite(dataDir);
    expect(looseEntries(dataDir)).toEqual([]);
    await connection.close();

    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(fs.readdirSync(path.join(dataDir, "pglite")).length).toBeGreaterThan(0);
    expect(looseEntries(dataDir)).toEqual([]);
  }, 60_000);
});
