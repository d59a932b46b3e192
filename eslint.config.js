import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { layerRules } from "./eslint.layers.js";
import { linkRules } from "./eslint.links.js";

export default tseslint.config(
  {
    ignores: [
      "build",
      "data",
      "drizzle",
      ".react-router",
      "test-results",
      "playwright-report",
      // Wrong imports on purpose: tests/lint/layers.test.ts lints them itself.
      "tests/lint/fixtures",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["**/*.{ts,tsx,js}"],
    // A test may drive the whole stack from any folder (an integration test in platform/
    // calls a feature to see the platform react); the rules are about what ships.
    ignores: ["**/*.test.{ts,tsx}"],
    ...layerRules(import.meta.dirname),
  },
  {
    // Internal links come from href(), so a renamed route breaks the typecheck (decision 230).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: linkRules,
  },
  {
    // Playwright fixtures name their callback `use`, which the hooks rule mistakes for React's.
    files: ["tests/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    // Browser tests take `test` from the fixture that fails them on page errors.
    files: ["tests/e2e/**", "tests/processes/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@playwright/test",
              importNames: ["test"],
              message: "Import test from tests/support/e2e-test.ts.",
            },
          ],
        },
      ],
    },
  },
);
