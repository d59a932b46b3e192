import type { Linter } from "eslint";

export const linkRules: Linter.RulesRecord;
