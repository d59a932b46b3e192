import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { makePspCertificates } from "../../../scripts/local-psp/certificates.ts";
import type { LocalPsp } from "../../../scripts/local-psp/psp.ts";
import { startTestPsp } from "../../../tests/support/local-psp.ts";
import {
  ApiPixClient,
  PixApiRefusedError,
  PixApiUnavailableError,
  type ApiPixConfig,
} from "./api-pix.server.ts";

// The adapter against the local PSP over mutual TLS; the PSP checks every request and answer
// against the official contract, so `breaches` stays empty while the adapter keeps to it.

let psp: LocalPsp;
let config: ApiPixConfig;
let client: ApiPixClient;

beforeAll(async () => {
  ({ psp, config } = await startTestPsp());
  client = new ApiPixClient(config);
});

afterAll(async () => {
  client.close();
  await psp.close();
});

afterEach(() => {
  psp.refuse(null);
});

const txid = (n: number) => `AFX${String(n).padStart(10, "0")}ABCDEFGHJKMNPQRS`;

describe("API Pix adapter", () => {
  it("creates an immediate charge, reads it back, and keeps to the contract", async () => {
    const cob = await client.createCob({
      txid: txid(1),
      valor: "810.74",
      expiresInSeconds: 3600,
      message: "Pedido AFX0000000001",
    });
    expect(cob.status).toBe("ATIVA");
    expect(cob.pixCopiaECola).toMatch(/^000201/);
    const read = await client.getCob(txid(1));
    expect(read?.valor.original).toBe("810.74");
    expect(await client.getCob(txid(99))).toBeNull();
    expect(psp.breaches).toEqual([]);
  });

  it("takes a txid the PSP already holds with the same amount as that charge", async () => {
    const input = { txid: txid(2), valor: "10.00", expiresInSeconds: 60, message: "x" };
    const first = await client.createCob(input);
    const again = await client.createCob(input);
    expect(again.pixCopiaECola).toBe(first.pixCopiaECola);
    await expect(client.createCob({ ...input, valor: "11.00" })).rejects.toBeInstanceOf(
      PixApiRefusedError,
    );
  });

  it("asks for one token and reuses it", async () => {
    const tokens = () => psp.calls.filter((call) => call === "POST /oauth/token").length;
    await client.getCob(txid(1));
    const before = tokens();
    await client.getCob(txid(1));
    await client.getCob(txid(1));
    expect(before).toBe(1);
    expect(tokens()).toBe(1);
  });

  it("lists the Pix received in a window and refunds one", async () => {
    await client.createCob({ txid: txid(3), valor: "25.00", expiresInSeconds: 60, message: "x" });
    const paid = await psp.pay({ txid: txid(3) });
    const list = await client.receivedPix(new Date(Date.now() - 60_000), new Date());
    expect(list.map((pix) => pix.endToEndId)).toContain(paid.endToEndId);
    expect((await client.getCob(txid(3)))?.status).toBe("CONCLUIDA");
    const refund = await client.refund(paid.endToEndId, "R1", "25.00");
    expect(refund.status).toBe("DEVOLVIDO");
    await expect(client.refund(paid.endToEndId, "R2", "0.01")).rejects.toBeInstanceOf(
      PixApiRefusedError,
    );
    expect(psp.breaches).toEqual([]);
  });

  it("registers the webhook on the key", async () => {
    await client.registerWebhook("https://agentesfx.com.br/webhooks/pix/secret");
    expect(psp.webhookUrl()).toBe("https://agentesfx.com.br/webhooks/pix/secret");
  });

  it("fails a request that breaks the contract, and the PSP names the rule", async () => {
    // An amount with one decimal: CobValor.original is \d{1,10}\.\d{2}.
    await expect(
      client.createCob({ txid: txid(4), valor: "10.5", expiresInSeconds: 60, message: "x" }),
    ).rejects.toBeInstanceOf(PixApiRefusedError);
    expect(psp.breaches.at(-1)).toMatchObject({
      direction: "request",
      operation: "PUT /cob/{txid}",
      violations: [expect.objectContaining({ propriedade: "body.valor.original" })],
    });
    psp.breaches.length = 0;
  });

  it("tells a PSP that is down from one that refuses", async () => {
    psp.refuse(503);
    await expect(client.getCob(txid(1))).rejects.toBeInstanceOf(PixApiUnavailableError);
    psp.refuse(403);
    await expect(client.getCob(txid(1))).rejects.toBeInstanceOf(PixApiRefusedError);
  });

  it("cannot reach the PSP with a certificate the PSP did not issue", async () => {
    const other = makePspCertificates(mkdtempSync(join(tmpdir(), "other-ca-")));
    const stranger = new ApiPixClient({
      ...config,
      cert: readFileSync(other.clientCertFile),
      key: readFileSync(other.clientKeyFile),
    });
    await expect(stranger.getCob(txid(1))).rejects.toBeInstanceOf(PixApiUnavailableError);
    stranger.close();
  });
});
