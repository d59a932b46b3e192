import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { LocalPsp } from "../../../scripts/local-psp/psp.ts";
import { startTestPsp } from "../../../tests/support/local-psp.ts";
import { ApiPixClient, PixApiRefusedError } from "./api-pix.server.ts";
import {
  cancelRecurrence,
  cobrNotificationSchema,
  createRecurrence,
  createRecurringCharge,
  getRecurrence,
  getRecurringCharge,
  recNotificationSchema,
  registerRecurrenceWebhooks,
  retryRecurringCharge,
} from "./api-pix-recurrence.server.ts";

// Pix Automático through the adapter against the local PSP over mutual TLS: the PSP checks
// every request and answer against the official contract (as mended, contract-errata.ts), and
// the callbacks it posts too, so `breaches` stays empty while both sides keep to it.

let psp: LocalPsp;
let client: ApiPixClient;
const posted: { path: string; body: unknown }[] = [];
let receiver: http.Server;

beforeAll(async () => {
  let config;
  ({ psp, config } = await startTestPsp());
  client = new ApiPixClient(config);
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      posted.push({ path: req.url ?? "", body: JSON.parse(Buffer.concat(chunks).toString()) });
      res.writeHead(200);
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const port = (receiver.address() as AddressInfo).port;
  await registerRecurrenceWebhooks(client, `http://127.0.0.1:${port}/webhooks/pix/secret`);
  await client.registerWebhook(`http://127.0.0.1:${port}/webhooks/pix/secret`);
});

afterAll(async () => {
  client.close();
  await psp.close();
  await new Promise((resolve) => receiver.close(resolve));
});

beforeEach(() => {
  posted.length = 0;
  psp.breaches.length = 0;
});

const recurrence = {
  contract: "AFX7K2M9Q4",
  object: "Assinatura TrendKey BTC",
  payer: { cpf: "52998224725", name: "Maria da Silva" },
  firstDueDate: "2027-02-10",
  ceiling: "340.00",
};
const account = { branch: "0001", number: "123456", type: "CORRENTE" as const };
let run = 0;
const txid = () => `AFXR${String(++run).padStart(10, "0")}ABCDEFGHJKMNPQR`;

describe("Pix Automático adapter", () => {
  it("creates a recurrence with its QR, which the payer approves, told by webhookrec", async () => {
    const rec = await createRecurrence(client, recurrence);
    expect(rec.status).toBe("CRIADA");
    expect(rec.idRec).toMatch(/^RR[0-9A-Z]{8}\d{8}[a-zA-Z0-9]{11}$/);
    const read = await getRecurrence(client, rec.idRec);
    expect(read?.dadosQR?.jornada).toBe("JORNADA_2");
    expect(read?.dadosQR?.pixCopiaECola).toMatch(/^000201/);
    psp.recurrence.approve(rec.idRec);
    await psp.settled();
    const [notice] = posted;
    expect(notice?.path).toBe("/webhooks/pix/secret/rec");
    const parsed = recNotificationSchema.parse(notice?.body);
    expect(parsed.recs[0]).toMatchObject({ idRec: rec.idRec, status: "APROVADA" });
    expect((await getRecurrence(client, rec.idRec))?.status).toBe("APROVADA");
    expect(psp.breaches).toEqual([]);
  });

  it("charges a cycle by cobr, paid on its date, told by webhookcobr and the Pix webhook", async () => {
    const rec = await createRecurrence(client, recurrence);
    psp.recurrence.approve(rec.idRec);
    const id = txid();
    const input = {
      idRec: rec.idRec,
      dueDate: "2027-02-10",
      valor: "266.17",
      info: "Ciclo 2",
      account,
    };
    const cobr = await createRecurringCharge(client, id, input);
    expect(cobr.status).toBe("ATIVA");
    // Repeated after a lost answer: the same charge; another amount is refused.
    expect((await createRecurringCharge(client, id, input)).txid).toBe(id);
    await expect(
      createRecurringCharge(client, id, { ...input, valor: "1.00" }),
    ).rejects.toBeInstanceOf(PixApiRefusedError);
    psp.breaches.length = 0;
    const pix = psp.recurrence.payCobr(id);
    await psp.settled();
    const cobrNotice = posted.find((item) => item.path.endsWith("/cobr"));
    const parsed = cobrNotificationSchema.parse(cobrNotice?.body);
    expect(parsed.cobsr[0]?.pix?.[0]?.endToEndId).toBe(pix.endToEndId);
    expect(posted.some((item) => item.path.endsWith("/pix"))).toBe(true);
    const read = await getRecurringCharge(client, id);
    expect(read?.status).toBe("CONCLUIDA");
    expect(read?.pix?.[0]?.valor).toBe("266.17");
    expect(psp.breaches).toEqual([]);
  });

  it("asks for a retry after a failed attempt, within the policy's three", async () => {
    const rec = await createRecurrence(client, recurrence);
    psp.recurrence.approve(rec.idRec);
    const id = txid();
    await createRecurringCharge(client, id, {
      idRec: rec.idRec,
      dueDate: "2027-02-10",
      valor: "266.17",
      info: "Ciclo 2",
      account,
    });
    // No failed attempt yet: no retry.
    await expect(retryRecurringCharge(client, id, "2027-02-12")).rejects.toBeInstanceOf(
      PixApiRefusedError,
    );
    psp.recurrence.failAttempt(id);
    const retried = await retryRecurringCharge(client, id, "2027-02-12");
    expect(retried.tentativas?.map((attempt) => attempt.tipo)).toEqual(["AGND", "RIFL"]);
    expect(psp.breaches).toEqual([]);
  });

  it("cancels a recurrence, and its open charges with it; a second cancel reads its state", async () => {
    const rec = await createRecurrence(client, recurrence);
    psp.recurrence.approve(rec.idRec);
    const id = txid();
    await createRecurringCharge(client, id, {
      idRec: rec.idRec,
      dueDate: "2027-02-10",
      valor: "266.17",
      info: "Ciclo 2",
      account,
    });
    const cancelled = await cancelRecurrence(client, rec.idRec);
    expect(cancelled.status).toBe("CANCELADA");
    expect(cancelled.encerramento?.cancelamento?.solicitante).toBe("USUARIO_RECEBEDOR");
    expect((await getRecurringCharge(client, id))?.status).toBe("CANCELADA");
    expect((await cancelRecurrence(client, rec.idRec)).status).toBe("CANCELADA");
    // A charge under a cancelled recurrence is refused.
    await expect(
      createRecurringCharge(client, txid(), {
        idRec: rec.idRec,
        dueDate: "2027-03-10",
        valor: "266.17",
        info: "Ciclo 3",
        account,
      }),
    ).rejects.toBeInstanceOf(PixApiRefusedError);
    psp.breaches.length = 0;
  });

  it("reports a payer's cancellation at their bank with who asked", async () => {
    const rec = await createRecurrence(client, recurrence);
    psp.recurrence.approve(rec.idRec);
    await psp.settled();
    posted.length = 0;
    psp.recurrence.cancelByPayer(rec.idRec);
    await psp.settled();
    const parsed = recNotificationSchema.parse(posted[0]?.body);
    expect(parsed.recs[0]?.status).toBe("CANCELADA");
    expect(parsed.recs[0]?.encerramento?.cancelamento?.solicitante).toBe("USUARIO_PAGADOR");
    expect(psp.breaches).toEqual([]);
  });

  it("fails the contract when a recurrence is asked without its debtor", async () => {
    const answer = await client.call("POST", "/rec", {
      calendario: { dataInicial: "2027-02-10", periodicidade: "MENSAL" },
      politicaRetentativa: "PERMITE_3R_7D",
    });
    expect(answer.status).toBe(400);
    expect(
      psp.breaches
        .at(-1)
        ?.violations.map((v) => v.razao)
        .join(" "),
    ).toMatch(/vinculo/);
  });
});
