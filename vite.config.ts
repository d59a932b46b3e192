import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// Modules that (nearly) every public page loads: the site frame and the small shared
// widgets. Bundled into one chunk with what they import (React Router included) instead of
// a dozen small chunks, which saves about 4 KB of gzipped JavaScript per page
// (docs/decisions/014-page-weight.md).
const siteFrameModules = [
  "components/not-found.tsx",
  "components/site-footer.tsx",
  "components/site-header.tsx",
  "components/site/cta-band.tsx",
  "components/site/page-hero.tsx",
  "components/site/risk-warning.tsx",
  "components/ui/badge.tsx",
  "components/ui/button.tsx",
  "components/ui/icon.tsx",
  "components/ui/icons/arrow-right.tsx",
  "components/ui/icons/menu.tsx",
  "components/ui/icons/triangle-alert.tsx",
  "components/ui/icons/x.tsx",
  "components/ui/toaster.tsx",
  "content/common.ts",
  "content/layout.ts",
  "lib/active-menu.ts",
  "lib/cn.ts",
  "lib/nonce.tsx",
  "lib/seo.ts",
  "lib/use-site-config.ts",
].map((file) => `/app/${file}`);

const isSiteFrameModule = (id: string) =>
  siteFrameModules.some((file) => id.replaceAll("\\", "/").endsWith(file));

export default defineConfig({
  // The server build bundles radix-ui, so only the primitives the admin pages use (dialog,
  // tabs) are loaded, not the package's index of every primitive (docs/decisions/111).
  ssr: { noExternal: ["radix-ui", /^@radix-ui\//] },
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
    client: {
      build: {
        rollupOptions: {
          output: { codeSplitting: { groups: [{ name: "site", test: isSiteFrameModule }] } },
        },
      },
    },
  },
  plugins: [tailwindcss(), reactRouter()],
});
