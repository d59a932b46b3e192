import { createInterface } from "node:readline";
import { makePspCertificates, pspTls } from "./certificates.ts";
import { startLocalPsp } from "./psp.ts";

// `npm run psp:local`: the local PSP for `npm run dev`, with its certificates in
// data/local-psp/. It prints the settings to give the server; typing `pagar <txid>` plays
// a payer paying that charge (its webhook follows). Never for production.
const dir = process.env.LOCAL_PSP_DIR ?? "data/local-psp";
const port = Number(process.env.LOCAL_PSP_PORT ?? 8443);
const files = makePspCertificates(dir);
const psp = await startLocalPsp({
  clientId: "agentes-fx-dev",
  clientSecret: "agentes-fx-dev-secret",
  tls: pspTls(files),
  port,
});

console.log(`Local PSP at ${psp.url}. Settings for npm run dev:

PIX_API_URL=${psp.url}
PIX_API_TOKEN_URL=${psp.tokenUrl}
PIX_API_CLIENT_ID=agentes-fx-dev
PIX_API_CLIENT_SECRET=agentes-fx-dev-secret
PIX_API_CERT_FILE=${files.clientCertFile}
PIX_API_KEY_FILE=${files.clientKeyFile}
PIX_API_CA_FILE=${files.caFile}
PIX_API_WEBHOOK_SECRET=local-psp-webhook-secret-0123456789
PIX_KEY=pix@agentesfx.com.br

Type "pagar <txid>" to pay a charge, "pagar <txid> <valor>" to pay another amount.`);

for await (const line of createInterface({ input: process.stdin })) {
  const [command, txid, valor] = line.trim().split(/\s+/);
  if (command !== "pagar" || !txid) continue;
  const pix = await psp.pay({ txid, ...(valor ? { valor } : {}) });
  await psp.settled();
  console.log(
    `paid ${pix.valor} (${pix.endToEndId}); webhook: ${JSON.stringify(psp.deliveries.at(-1)?.status ?? "none")}`,
  );
}
await psp.close();
