import { createHash } from "node:crypto";
import { createInterface } from "node:readline";
import { makePspCertificates, pspTls } from "./certificates.ts";
import { checkRequest, matchOperation } from "./contract.ts";
import { startLocalPsp } from "./psp.ts";

// `npm run psp:local`: the local PSP for `npm run dev`, with its certificates in
// data/local-psp/. It prints the settings to give the server; typing `pagar <txid>` plays
// a payer paying that charge (its webhook follows, and a recurrence linked to it is approved). `npm run bench:renewals -- --cobr` runs
// it as a process of its own and speaks to it by the other commands below. Never for
// production.
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

Type "pagar <txid>" to pay a charge, "pagar <txid> <valor>" to pay another amount (a Pix
Automático recurrence linked to the charge, Jornada 3, is approved with it).`);

/**
 * `recorrencias <n> <dataInicial> <teto>`: n payers each authorise a monthly recurrence at
 * their bank (POST /rec as the receiver sends it, checked against the contract, then
 * approved), as many customers would have over the months; prints `rec <idRec>` for each.
 */
function approvedRecurrences(count: number, firstDueDate: string, ceiling: string) {
  const operation = matchOperation("POST", "/rec")!;
  for (let i = 1; i <= count; i++) {
    const body = {
      vinculo: {
        contrato: `RENEW${i}`,
        objeto: "Assinatura TrendKey BTC",
        devedor: { cpf: "52998224725", nome: `Pessoa ${i}` },
      },
      calendario: { dataInicial: firstDueDate, periodicidade: "MENSAL" },
      valor: { valorMinimoRecebedor: ceiling },
      politicaRetentativa: "PERMITE_3R_7D",
    };
    const violations = checkRequest(operation, { query: new URLSearchParams(), body });
    const answer = psp.recurrence.answer("POST", operation, body, new Date());
    const idRec = (answer?.body as { idRec?: string } | undefined)?.idRec;
    if (violations.length > 0 || answer?.status !== 201 || !idRec) {
      throw new Error(
        `recurrence refused: ${JSON.stringify(violations.length ? violations : answer)}`,
      );
    }
    psp.recurrence.approve(idRec);
    console.log(`rec ${idRec}`);
  }
  console.log(`recorrencias ${count}`);
}

/**
 * `contar`: what the PSP holds of Pix Automático, as one JSON line: the recurring charges it
 * accepted, the PUT /cobr it was sent, the exchanges outside the contract, and a digest of
 * each charge (txid, amount, recurrence, due date) to compare with the receiver's records.
 */
function counts() {
  const cobrs = psp.recurrence.cobrs();
  const digest = createHash("sha256")
    .update(
      cobrs
        .map((c) => `${c.txid} ${c.valor.original} ${c.idRec} ${c.calendario.dataDeVencimento}`)
        .sort()
        .join("\n"),
    )
    .digest("hex");
  console.log(
    `contagem ${JSON.stringify({
      cobr: cobrs.length,
      putCobr: psp.calls.filter((call) => call === "PUT /cobr/{txid}").length,
      breaches: psp.breaches.length,
      digest,
    })}`,
  );
}

for await (const line of createInterface({ input: process.stdin })) {
  const [command, ...args] = line.trim().split(/\s+/);
  if (command === "recorrencias" && args.length === 3) {
    approvedRecurrences(Number(args[0]), args[1]!, args[2]!);
  } else if (command === "contar") {
    counts();
  } else if (command === "pagar" && args[0]) {
    const [txid, valor] = args as [string, string | undefined];
    const pix = await psp.pay({ txid, ...(valor ? { valor } : {}) });
    await psp.settled();
    console.log(
      `paid ${pix.valor} (${pix.endToEndId}); webhook: ${JSON.stringify(psp.deliveries.at(-1)?.status ?? "none")}`,
    );
  }
}
await psp.close();
