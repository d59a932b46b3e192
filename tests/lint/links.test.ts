import path from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import { linkRules } from "../../eslint.links.js";

// The link rule of eslint.config.js (docs/decisions/230) on a fixture that writes internal
// paths as strings in each place the rule watches, beside the typed forms it must accept.
const root = path.join(import.meta.dirname, "fixtures");
const fixture = "app/features/news/links.tsx";

// Loading ESLint takes seconds on a busy machine.
describe("link lint rule", { timeout: 30_000 }, () => {
  it("reports each internal path written as a string, and nothing else", async () => {
    const eslint = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [
        { files: ["**/*.tsx"], languageOptions: { parser: tseslint.parser } },
        { files: ["**/*.tsx"], rules: linkRules },
      ],
    });
    const [result] = await eslint.lintFiles([fixture]);
    const found = result!.messages.map((message) => `${message.line} ${message.ruleId}`);
    expect(found).toEqual([
      "8 no-restricted-syntax", // to="/noticias"
      "9 no-restricted-syntax", // href={`/noticias/${slug}`}
      "10 no-restricted-syntax", // action="/noticias/assinar"
      "11 no-restricted-syntax", // the template branch of a ternary
      "11 no-restricted-syntax", // its string branch
      "21 no-restricted-syntax", // { to: "/noticias" }
      "22 no-restricted-syntax", // { path: `/noticias/...` }
      "25 no-restricted-syntax", // redirect("/noticias")
      "26 no-restricted-syntax", // redirect(`/noticias/...`)
    ]);
    expect(result!.messages[0]!.message).toContain("href()");
  });

  it("is part of the normal lint run for app/", async () => {
    const eslint = new ESLint({ cwd: path.join(import.meta.dirname, "../..") });
    const config = (await eslint.calculateConfigForFile("app/routes/site/home.tsx")) as {
      rules: Record<string, unknown>;
    };
    const [, ...selectors] = linkRules["no-restricted-syntax"] as unknown[];
    expect(config.rules["no-restricted-syntax"]).toEqual([2, ...selectors]);
  });
});
