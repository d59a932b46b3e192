import path from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import { layerRules } from "../../eslint.layers.js";

// The layer rules of eslint.config.js, run on a fixture tree shaped like the repository with
// imports that point the wrong way (docs/decisions/124). The fixtures are ignored by the
// normal lint run.
const root = path.join(import.meta.dirname, "fixtures");

async function lintFixtures() {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ["**/*.{ts,tsx}"], languageOptions: { parser: tseslint.parser } },
      { files: ["**/*.{ts,tsx}"], ...layerRules(root) },
    ],
  });
  const results = await eslint.lintFiles(["**/*.{ts,tsx}"]);
  return results.flatMap((result) =>
    result.messages.map((message) => ({
      file: path.relative(root, result.filePath),
      line: message.line,
      rule: message.ruleId,
      text: message.message,
    })),
  );
}

// Loading ESLint and the project config takes seconds on a busy machine.
describe("layer lint rules", { timeout: 30_000 }, () => {
  it("fire on each wrong import, and only there", async () => {
    const found = await lintFixtures();
    expect(found.map(({ file, line, rule }) => `${file}:${line} ${rule}`).sort()).toEqual([
      "app/components/news-card.tsx:2 import-x/no-restricted-paths",
      "app/features/invitations/invitations.server.ts:1 import-x/no-restricted-paths",
      "app/platform/jobs/worker.server.ts:2 import-x/no-restricted-paths",
      "app/platform/jobs/worker.server.ts:3 import-x/no-restricted-paths",
      "app/platform/jobs/worker.server.ts:7 import-x/no-restricted-paths",
      "db/schema.ts:3 import-x/no-restricted-paths",
      "db/schema.ts:4 import-x/no-restricted-paths",
    ]);
    expect(found.find((message) => message.file.startsWith("app/features/"))?.text).toContain(
      "meet only in features/sales",
    );
    expect(found.find((message) => message.file.startsWith("db/"))?.text).toContain(
      "db/ imports nothing from app/ but the model modules",
    );
  });

  it("leave the fixtures out of the normal lint run", async () => {
    const eslint = new ESLint({ cwd: path.join(import.meta.dirname, "../..") });
    expect(await eslint.isPathIgnored(path.join(root, "db/schema.ts"))).toBe(true);
  });
});
