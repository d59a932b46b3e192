import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A statement built with insertMessagesSql notifies no one (docs/decisions/195): its module
// must wake the workers after it (at once, or a moment later: decision 225), or its messages
// wait for the worker's idle look.
const appDir = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.server\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("one-statement enqueues", () => {
  it("are each followed by wakeWorkers in the same module", () => {
    const queuing = sourceFiles(appDir).filter(
      (file) =>
        !file.endsWith("enqueue.server.ts") &&
        fs.readFileSync(file, "utf8").includes("insertMessagesSql("),
    );
    expect(queuing.length).toBeGreaterThan(0);
    for (const file of queuing) {
      const source = fs.readFileSync(file, "utf8");
      const statements = source.split("insertMessagesSql(").length - 1;
      const wakes = source.match(/wakeWorkers(Later)?\(db\)/g)?.length ?? 0;
      expect(wakes, path.relative(appDir, file)).toBeGreaterThanOrEqual(statements);
    }
  });
});
