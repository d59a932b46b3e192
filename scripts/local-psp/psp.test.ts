import { mkdtempSync, readFileSync } from "node:fs";
import https from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePspCertificates, pspTls, type PspCertificateFiles } from "./certificates.ts";
import { startLocalPsp, type LocalPsp } from "./psp.ts";

// The local PSP on its own, spoken to by raw HTTPS: mutual TLS, the token, and the contract
// checked on what it receives and what it answers.

let psp: LocalPsp;
let files: PspCertificateFiles;

function call(
  method: string,
  url: string,
  options: { body?: string; headers?: Record<string, string>; clientCert?: boolean } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      url,
      {
        method,
        ca: readFileSync(files.caFile),
        ...(options.clientCert === false
          ? {}
          : { cert: readFileSync(files.clientCertFile), key: readFileSync(files.clientKeyFile) }),
        headers: options.headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

async function token(): Promise<string> {
  const answer = await call("POST", psp.tokenUrl, {
    body: "grant_type=client_credentials",
    headers: {
      authorization: `Basic ${Buffer.from("client:secret").toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
  });
  return (JSON.parse(answer.body) as { access_token: string }).access_token;
}

beforeAll(async () => {
  files = makePspCertificates(mkdtempSync(join(tmpdir(), "psp-certs-")));
  psp = await startLocalPsp({ clientId: "client", clientSecret: "secret", tls: pspTls(files) });
});

afterAll(() => psp.close());

const TXID = "AFX0123456789ABCDEFGHJKMNPQRS";

describe("local PSP", () => {
  it("refuses a client without a certificate at the TLS handshake", async () => {
    await expect(call("POST", psp.tokenUrl, { clientCert: false })).rejects.toThrow();
  });

  it("refuses wrong client credentials and a call without a token", async () => {
    const wrong = await call("POST", psp.tokenUrl, {
      body: "grant_type=client_credentials",
      headers: { authorization: `Basic ${Buffer.from("client:nope").toString("base64")}` },
    });
    expect(wrong.status).toBe(401);
    const anonymous = await call("GET", `${psp.url}/cob/${TXID}`);
    expect(anonymous.status).toBe(403);
  });

  it("creates a charge that passes the contract both ways", async () => {
    const bearer = await token();
    const answer = await call("PUT", `${psp.url}/cob/${TXID}`, {
      body: JSON.stringify({
        calendario: { expiracao: 3600 },
        valor: { original: "810.74" },
        chave: "pix@agentesfx.com.br",
        solicitacaoPagador: "Pedido AFX0123456789",
      }),
      headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" },
    });
    expect(answer.status).toBe(201);
    const cob = JSON.parse(answer.body) as { status: string; pixCopiaECola: string };
    expect(cob.status).toBe("ATIVA");
    expect(cob.pixCopiaECola).toMatch(/^000201/);
    expect(psp.breaches).toEqual([]);
  });

  it("answers a request that breaks the contract with 400 and records the breach", async () => {
    const bearer = await token();
    const answer = await call("PUT", `${psp.url}/cob/SHORT`, {
      // Amount without cents, no `chave`: two rules of CobSolicitada and the txid's length.
      body: JSON.stringify({ calendario: { expiracao: 3600 }, valor: { original: "810" } }),
      headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" },
    });
    expect(answer.status).toBe(400);
    const body = JSON.parse(answer.body) as { violacoes: { propriedade: string }[] };
    const properties = body.violacoes.map((v) => v.propriedade);
    expect(properties).toContain("path.txid");
    expect(properties).toContain("body.valor.original");
    expect(properties).toContain("body");
    expect(psp.breaches.at(-1)?.direction).toBe("request");
    psp.breaches.length = 0;
  });

  it("lists received Pix within the window, paged as the contract says", async () => {
    const bearer = await token();
    const pix = await psp.pay({ txid: TXID });
    const inicio = new Date(Date.now() - 60_000).toISOString();
    const fim = new Date(Date.now() + 60_000).toISOString();
    const answer = await call(
      "GET",
      `${psp.url}/pix?inicio=${inicio}&fim=${fim}&paginacao.itensPorPagina=10`,
      { headers: { authorization: `Bearer ${bearer}` } },
    );
    expect(answer.status).toBe(200);
    const body = JSON.parse(answer.body) as { pix: { endToEndId: string }[] };
    expect(body.pix.map((item) => item.endToEndId)).toEqual([pix.endToEndId]);
    expect(psp.cob(TXID)?.status).toBe("CONCLUIDA");
    const bad = await call("GET", `${psp.url}/pix?inicio=yesterday&fim=${fim}`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(bad.status).toBe(400);
    expect(psp.breaches.at(-1)?.violations[0]?.propriedade).toBe("query.inicio");
  });
});
