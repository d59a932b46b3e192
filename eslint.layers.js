// The layers' import rules (docs/decisions/124), as a function of the repository's root so
// tests/lint/layers.test.ts runs the same rules on its fixture tree.
import path from "node:path";
import importX from "eslint-plugin-import-x";

const why = "Imports point down the layers: see docs/architecture.md and docs/decisions/124.";

const saleFeatures = ["invitations", "orders", "subscriptions"];

/** @param {string} root */
export function layerRules(root) {
  const at = (folder) => path.join(root, folder);
  return {
    plugins: { "import-x": importX },
    rules: {
      // Resolved paths, not import strings: relative paths, dynamic import() and `import type`
      // are all caught.
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: root,
          zones: [
            {
              target: at("app/platform"),
              from: [at("app/features"), at("app/routes")],
              message: `The platform imports no feature or route. ${why}`,
            },
            {
              target: at("app/components"),
              from: [at("app/features"), at("app/routes")],
              message: `Shared components import no feature or route. ${why}`,
            },
            // The sale's three features import none of each other's server modules: what
            // crosses them is a move of app/features/sales (docs/decisions/330). Their value
            // modules (models, prices, formats, components) stay shared.
            ...saleFeatures.map((feature) => ({
              target: at(`app/features/${feature}`),
              from: saleFeatures
                .filter((other) => other !== feature)
                .map((other) => at(`app/features/${other}/**/*.server.ts`)),
              message: `invitations, orders and subscriptions meet only in features/sales. ${why}`,
            })),
            {
              // The schema's check constraints are built from the import-free model modules
              // (docs/decisions/123); nothing else in db/ reaches into app/.
              target: at("db"),
              from: [at("app/**")],
              except: [at("app/features/*/model.ts"), at("app/platform/*/*model.ts")],
              message: `db/ imports nothing from app/ but the model modules. ${why}`,
            },
          ],
        },
      ],
    },
  };
}
