import type { Config } from "@react-router/dev/config";

// Every page is server-rendered so each HTML answer carries its own CSP nonce
// (docs/decisions/003-server-render-every-page.md).
export default {
  ssr: true,
} satisfies Config;
