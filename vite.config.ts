import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// Modules that every page loading scripts uses (/contato, invitations, the admin): the root
// and site layout routes, the site frame and the small shared widgets. Bundled into one
// chunk with what they import (React Router and React included) instead of a dozen small
// chunks, which compress badly and repeat their import lists
// (docs/decisions/014-page-weight.md). Modules that only HTML-only pages use (decision 060)
// stay out: no page that loads scripts needs them.
const siteFrameModules = [
  "components/not-found.tsx",
  "components/site-footer.tsx",
  "components/site-header.tsx",
  "components/ui/button.tsx",
  "components/ui/form-fields.tsx",
  "components/ui/icon.tsx",
  "components/ui/icons/menu.tsx",
  "components/ui/icons/x.tsx",
  "components/ui/toaster.tsx",
  "content/agent-ids.ts",
  "content/layout.ts",
  "lib/active-menu.ts",
  "lib/cn.ts",
  "lib/nonce.tsx",
  "lib/seo.ts",
  "root.tsx",
  "routes/site/layout.tsx",
].map((file) => `/app/${file}`);

// react-dom's main module, which both React Router and react-dom/client import, and what
// React Router's client entry hydrates with (react-dom/client, the scheduler, HydratedRouter):
// in the site chunk, so entry.client keeps only its few lines. Every page that loads the
// site chunk loads the entry too, and one gzip stream compresses both better than two
// (decision 460). The only files named here that are not ours.
const siteFramePackageModules = [
  "react-dom/index.js",
  "react-dom/cjs/react-dom.production.js",
  "react-dom/client.js",
  "react-router/dist/production/lib/dom-export/hydrated-router.js",
].map((file) => `/node_modules/${file}`);

// /contato's route, its form and their copy, in one chunk instead of five.
const contactModules = [
  "components/ui/icons/check.tsx",
  "content/contact.ts",
  "features/waitlist/fields.ts",
  "features/waitlist/signup-form.tsx",
  "routes/site/contact.tsx",
].map((file) => `/app/${file}`);

const matches = (files: string[]) => (id: string) =>
  files.some((file) => id.replaceAll("\\", "/").endsWith(file));

export default defineConfig({
  // The server build bundles radix-ui, so only the primitives the admin pages use (dialog,
  // tabs) are loaded, not the package's index of every primitive (docs/decisions/111).
  ssr: { noExternal: ["radix-ui", /^@radix-ui\//] },
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
    client: {
      build: {
        rollupOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "site", test: matches([...siteFrameModules, ...siteFramePackageModules]) },
                { name: "contact", test: matches(contactModules) },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [tailwindcss(), reactRouter()],
});
