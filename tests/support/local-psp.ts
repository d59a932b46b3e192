import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ApiPixConfig } from "../../app/platform/payments/api-pix.server.ts";
import { makePspCertificates, pspTls } from "../../scripts/local-psp/certificates.ts";
import { startLocalPsp, type LocalPsp } from "../../scripts/local-psp/psp.ts";

// The local PSP for a test, over mutual TLS with fresh certificates, and the adapter's
// settings that reach it.

export const TEST_PIX_KEY = "pix@agentesfx.com.br";
export const TEST_WEBHOOK_SECRET = "test-webhook-secret-0123456789abcdef";

export async function startTestPsp(): Promise<{
  psp: LocalPsp;
  config: ApiPixConfig;
  /** The settings that make the server speak to this PSP. */
  env: Record<string, string>;
}> {
  const files = makePspCertificates(mkdtempSync(join(tmpdir(), "psp-")));
  const psp = await startLocalPsp({
    clientId: "test-client",
    clientSecret: "test-secret",
    tls: pspTls(files),
  });
  return {
    psp,
    env: {
      PIX_API_URL: psp.url,
      PIX_API_TOKEN_URL: psp.tokenUrl,
      PIX_API_CLIENT_ID: "test-client",
      PIX_API_CLIENT_SECRET: "test-secret",
      PIX_API_CERT_FILE: files.clientCertFile,
      PIX_API_KEY_FILE: files.clientKeyFile,
      PIX_API_CA_FILE: files.caFile,
      PIX_API_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      PIX_KEY: TEST_PIX_KEY,
    },
    config: {
      baseUrl: psp.url,
      tokenUrl: psp.tokenUrl,
      clientId: "test-client",
      clientSecret: "test-secret",
      cert: readFileSync(files.clientCertFile),
      key: readFileSync(files.clientKeyFile),
      ca: readFileSync(files.caFile),
      pixKey: TEST_PIX_KEY,
      webhookSecret: TEST_WEBHOOK_SECRET,
    },
  };
}
