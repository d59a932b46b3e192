import type { Linter } from "eslint";

export function layerRules(root: string): Linter.Config;
