import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { writePrivateFile } from "./backup.server.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agentes-backup-file-"));
  dirs.push(dir);
  return dir;
}

describe("writePrivateFile", () => {
  it("leaves an existing file readable by its owner only", () => {
    const file = path.join(tempDir(), "site.sql");
    fs.writeFileSync(file, "old", { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    writePrivateFile(file, "dump");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, "utf8")).toBe("dump");
  });

  it("refuses to follow a symbolic link and leaves its target alone", () => {
    const dir = tempDir();
    const target = path.join(dir, "elsewhere.txt");
    fs.writeFileSync(target, "keep");
    const link = path.join(dir, "site.sql");
    fs.symlinkSync(target, link);
    expect(() => writePrivateFile(link, "dump")).toThrow(/symbolic link/);
    expect(fs.readFileSync(target, "utf8")).toBe("keep");
  });
});
