import { randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import {
  checkPixNotification,
  checkRequest,
  checkResponse,
  matchOperation,
  type Operation,
  type Violation,
} from "./contract.ts";
import { recurrencePsp, type RecurrencePsp } from "./recurrence.ts";
import { dueCharges } from "./cobv.ts";
import { refunds as refundOperations, type Refund, type RefundMode } from "./devolucao.ts";
import { problem } from "./operations.ts";

// A local PSP for development and tests, never for production: the subset of the Banco
// Central's API Pix the product speaks (OAuth2 client credentials over mutual TLS, immediate
// charges, received Pix, refunds, the webhook), each request and each answer checked against
// the official contract (contract.ts). A test plays the payer (`pay`) and tells it to be late,
// to repeat or to refuse.

export interface LocalPspCertificates {
  /** The PSP's own certificate and key (PEM), and the CA its clients' certificates must chain to. */
  cert: string;
  key: string;
  ca: string;
}

export interface LocalPspOptions {
  clientId: string;
  clientSecret: string;
  /** Mutual TLS when given (the real thing); plain HTTP otherwise. */
  tls?: LocalPspCertificates;
  /** Seconds an access token lives. */
  tokenSeconds?: number;
  merchantName?: string;
  merchantCity?: string;
  /** 0 (any free port) unless given. */
  port?: number;
}

/** How the PSP delivers its webhook: on time, late, twice, or not at all. */
export type WebhookMode =
  | { kind: "on-time" }
  | { kind: "late"; ms: number }
  | { kind: "repeat"; times: number }
  | { kind: "drop" };

export interface ReceivedPix {
  endToEndId: string;
  txid?: string;
  valor: string;
  horario: string;
  infoPagador?: string;
  devolucoes?: Refund[];
}

interface Cob {
  calendario: { criacao: string; expiracao: number };
  txid: string;
  revisao: number;
  loc: { id: number; txid: string; location: string; tipoCob: "cob"; criacao: string };
  location: string;
  status: "ATIVA" | "CONCLUIDA" | "REMOVIDA_PELO_USUARIO_RECEBEDOR" | "REMOVIDA_PELO_PSP";
  valor: { original: string; modalidadeAlteracao?: number };
  chave: string;
  solicitacaoPagador?: string;
  pixCopiaECola: string;
}

export interface ContractBreach {
  direction: "request" | "response" | "webhook";
  operation: string;
  violations: Violation[];
}

export interface LocalPsp {
  /** The API's base URL (…/api), as PIX_API_URL takes it. */
  url: string;
  tokenUrl: string;
  /** Every exchange that left the contract, on either side; a test expects it empty. */
  breaches: ContractBreach[];
  /** Every request it answered, as "PUT /cob/{txid}" or "POST /oauth/token". */
  calls: string[];
  /** The URL webhooks go to, as the last PUT /webhook/{chave} set it. */
  webhookUrl(): string | null;
  /** The charge as the PSP keeps it. */
  cob(txid: string): Cob | undefined;
  /**
   * A payer pays: the Pix is settled (the charge's, unless `txid` names none) and its
   * webhook sent as the mode says. A recurrence awaiting the payer that names the charge
   * (Jornada 3, the composite QR) is approved with it and its webhookrec sent, unless
   * `recurrence` says the payer refused it. Returns the Pix.
   */
  pay(input: {
    txid?: string;
    valor?: string;
    horario?: Date;
    recurrence?: "approve" | "reject";
  }): Promise<ReceivedPix>;
  setWebhookMode(mode: WebhookMode): void;
  /** How refunds asked of it settle (returned at once unless told). */
  setRefundMode(mode: RefundMode): void;
  /** Answer every API call with this status (a refusing or failing PSP), null to stop. */
  refuse(status: 403 | 503 | null): void;
  /** Webhooks sent and the status each got back. */
  deliveries: { url: string; status: number | null; body: unknown }[];
  /** Pix Automático: recurrences and recurring charges, and the payer's side of them. */
  recurrence: RecurrencePsp;
  /** Waits until the webhooks in flight (late ones included) have been delivered. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const API_PREFIX = "/api";
const TOKEN_PATH = "/oauth/token";

function endToEndId(): string {
  // E + the PSP's 8-digit ISPB + yyyyMMddHHmm + 11 random characters: 32 in all.
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 12);
  const random = randomBytes(8).toString("hex").slice(0, 11);
  return `E12345678${stamp}${random}`;
}

export async function startLocalPsp(options: LocalPspOptions): Promise<LocalPsp> {
  const tokenSeconds = options.tokenSeconds ?? 3600;
  const tokens = new Map<string, number>();
  const cobs = new Map<string, Cob>();
  const received: ReceivedPix[] = [];
  const breaches: ContractBreach[] = [];
  const calls: string[] = [];
  const deliveries: LocalPsp["deliveries"] = [];
  const webhooks = new Map<string, string>();
  const inFlight = new Set<Promise<void>>();
  let mode: WebhookMode = { kind: "on-time" };
  let refusal: 403 | 503 | null = null;
  let locations = 0;
  let origin = "";

  const { createDynamicPix, hasError } = await import("pix-utils");

  function brCode(location: string, recLocation?: string): string {
    const pix = createDynamicPix({
      merchantName: options.merchantName ?? "Agentes FX",
      merchantCity: options.merchantCity ?? "Sao Paulo",
      url: location,
      // The composite QR of Jornada 3: the charge's location, and the recurrence's in field 80.
      ...(recLocation ? { urlRec: recLocation } : {}),
    });
    if (hasError(pix)) throw new Error(`local PSP: BR Code refused: ${pix.message}`);
    return pix.toBRCode();
  }

  const recurrence = recurrencePsp({
    origin: () => origin,
    brCode,
    openCobLocation(txid) {
      const cob = cobs.get(txid);
      return cob?.status === "ATIVA" ? cob.location : null;
    },
    settlePix(pix) {
      received.push(pix);
      const chave = [...webhooks.keys()][0];
      if (chave) notify(chave, pix);
    },
    mode: () => mode,
    track(task) {
      inFlight.add(task);
      void task.finally(() => inFlight.delete(task));
    },
    breaches,
    deliveries,
  });

  const context = {
    received,
    notify: (chave: string, pix: ReceivedPix) => notify(chave, pix),
    newLocation() {
      locations += 1;
      return {
        id: locations,
        location: `${origin.replace(/^https?:\/\//, "")}/qr/${randomUUID().replaceAll("-", "")}`,
      };
    },
    brCode,
  };
  const cobv = dueCharges(context);
  const devolucao = refundOperations(context, () => [...webhooks.keys()][0]);
  /** Operations kept in files of their own, by the contract's path. */
  const operations: Record<string, (typeof cobv)["handle"]> = {
    "/cobv/{txid}": cobv.handle,
    "/pix/{e2eid}/devolucao/{id}": devolucao.handle,
  };

  function clientIsAuthorised(header: string | undefined): boolean {
    const match = /^Basic (.+)$/.exec(header ?? "");
    if (!match) return false;
    const expected = Buffer.from(`${options.clientId}:${options.clientSecret}`);
    const given = Buffer.from(Buffer.from(match[1]!, "base64").toString("utf8"));
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  function bearerIsValid(header: string | undefined): boolean {
    const match = /^Bearer (.+)$/.exec(header ?? "");
    const expiry = match ? tokens.get(match[1]!) : undefined;
    return expiry !== undefined && expiry > Date.now();
  }

  async function deliver(url: string, pix: ReceivedPix[]) {
    const body = { pix };
    const violations = checkPixNotification(body);
    if (violations.length > 0) {
      breaches.push({ direction: "webhook", operation: "POST {webhookUrl}/pix", violations });
    }
    let status: number | null = null;
    try {
      const answer = await fetch(`${url.replace(/\/$/, "")}/pix`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      status = answer.status;
      await answer.arrayBuffer();
    } catch {
      status = null;
    }
    deliveries.push({ url, status, body });
  }

  function notify(chave: string, pix: ReceivedPix) {
    const url = webhooks.get(chave);
    if (!url || mode.kind === "drop") return;
    const current = mode;
    const task = (async () => {
      if (current.kind === "late") await new Promise((r) => setTimeout(r, current.ms));
      const times = current.kind === "repeat" ? current.times : 1;
      for (let i = 0; i < times; i++) await deliver(url, [pix]);
    })();
    inFlight.add(task);
    void task.finally(() => inFlight.delete(task));
  }

  /** One API call: authenticated, matched to the contract, checked both ways. */
  function answerApi(
    method: string,
    path: string,
    query: URLSearchParams,
    body: unknown,
    authorization: string | undefined,
  ): { status: number; body?: unknown; operation?: Operation; refused?: true } {
    const operation = matchOperation(method, path);
    if (!operation)
      return { status: 404, body: problem(404, "NaoEncontrado", "operação inexistente") };
    const label = `${method} ${operation.template}`;
    calls.push(label);
    if (!bearerIsValid(authorization)) {
      return {
        status: 403,
        body: problem(403, "AcessoNegado", "token ausente ou expirado"),
        operation,
      };
    }
    if (refusal !== null) {
      return {
        status: refusal,
        body: problem(
          refusal,
          refusal === 403 ? "AcessoNegado" : "ServicoIndisponivel",
          "recusado",
        ),
        operation,
      };
    }
    const violations = checkRequest(operation, { query, body });
    if (violations.length > 0) {
      breaches.push({ direction: "request", operation: label, violations });
      return {
        status: 400,
        body: problem(400, "RequisicaoInvalida", "A requisição não respeita o schema.", violations),
        operation,
        refused: true,
      };
    }
    const now = new Date();
    const input = (body ?? {}) as Record<string, unknown>;
    switch (operation.template) {
      case "/cob/{txid}": {
        const txid = operation.params.txid!;
        if (method === "GET") {
          const cob = cobs.get(txid);
          if (!cob) return { status: 404, body: problem(404, "CobNaoEncontrado", txid), operation };
          const pix = received.filter((item) => item.txid === txid);
          return { status: 200, body: { ...cob, ...(pix.length ? { pix } : {}) }, operation };
        }
        if (cobs.has(txid)) {
          return {
            status: 400,
            body: problem(400, "CobOperacaoInvalida", `txid ${txid} já utilizado`),
            operation,
          };
        }
        locations += 1;
        const location = `${origin.replace(/^https?:\/\//, "")}/qr/${randomUUID().replaceAll("-", "")}`;
        const request = input as Pick<Cob, "valor" | "chave" | "solicitacaoPagador"> & {
          calendario?: { expiracao?: number };
        };
        const cob: Cob = {
          calendario: {
            criacao: now.toISOString(),
            expiracao: request.calendario?.expiracao ?? 86400,
          },
          txid,
          revisao: 0,
          loc: { id: locations, txid, location, tipoCob: "cob", criacao: now.toISOString() },
          location,
          status: "ATIVA",
          valor: request.valor,
          chave: request.chave,
          ...(request.solicitacaoPagador ? { solicitacaoPagador: request.solicitacaoPagador } : {}),
          pixCopiaECola: brCode(location),
        };
        cobs.set(txid, cob);
        return { status: 201, body: cob, operation };
      }
      case "/pix": {
        const inicio = new Date(query.get("inicio")!);
        const fim = new Date(query.get("fim")!);
        const txid = query.get("txid");
        const page = Number(query.get("paginacao.paginaAtual") ?? 0);
        const size = Number(query.get("paginacao.itensPorPagina") ?? 100);
        const all = received.filter((item) => {
          const at = new Date(item.horario);
          return at >= inicio && at <= fim && (!txid || item.txid === txid);
        });
        return {
          status: 200,
          body: {
            parametros: {
              inicio: inicio.toISOString(),
              fim: fim.toISOString(),
              paginacao: {
                paginaAtual: page,
                itensPorPagina: size,
                quantidadeDePaginas: Math.max(1, Math.ceil(all.length / size)),
                quantidadeTotalDeItens: all.length,
              },
            },
            // The contract lists `cobs` as required in PixConsultados (a slip of 2.9.0): sent
            // empty so the answer passes it, and never read.
            cobs: [],
            pix: all.slice(page * size, (page + 1) * size),
          },
          operation,
        };
      }
      case "/webhook/{chave}": {
        const chave = operation.params.chave!;
        if (method === "PUT") {
          webhooks.set(chave, String(input.webhookUrl));
          return { status: 200, operation };
        }
        if (method === "DELETE") {
          webhooks.delete(chave);
          return { status: 204, operation };
        }
        const url = webhooks.get(chave);
        return url
          ? {
              status: 200,
              body: { webhookUrl: url, chave, cnpj: "12345678000195", criacao: now.toISOString() },
              operation,
            }
          : { status: 404, body: problem(404, "WebhookNaoEncontrado", chave), operation };
      }
      default: {
        const handler = operations[operation.template];
        if (handler) return { ...handler(method, operation.params, input, now), operation };
        const answered = recurrence.answer(method, operation, input, now, query);
        if (answered) return { ...answered, operation };
        return {
          status: 404,
          body: problem(404, "NaoEncontrado", `${label}: não implementado no PSP local`),
          operation,
        };
      }
    }
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://psp.local");
      const text = Buffer.concat(chunks).toString("utf8");
      const send = (status: number, body?: unknown, type = "application/json") => {
        res.writeHead(status, body === undefined ? {} : { "content-type": type });
        res.end(body === undefined ? undefined : JSON.stringify(body));
      };
      if (url.pathname === TOKEN_PATH && req.method === "POST") {
        calls.push(`POST ${TOKEN_PATH}`);
        const form = new URLSearchParams(text);
        if (!clientIsAuthorised(req.headers.authorization)) {
          return send(401, { error: "invalid_client" });
        }
        if (form.get("grant_type") !== "client_credentials") {
          return send(400, { error: "unsupported_grant_type" });
        }
        const token = randomBytes(24).toString("base64url");
        tokens.set(token, Date.now() + tokenSeconds * 1000);
        return send(200, {
          access_token: token,
          token_type: "Bearer",
          expires_in: tokenSeconds,
          scope: "cob.write cob.read pix.write pix.read webhook.write webhook.read",
        });
      }
      if (!url.pathname.startsWith(`${API_PREFIX}/`)) return send(404, { error: "not found" });
      let body: unknown;
      if (text.length > 0) {
        try {
          body = JSON.parse(text);
        } catch {
          return send(
            400,
            problem(400, "RequisicaoInvalida", "JSON inválido"),
            "application/problem+json",
          );
        }
      }
      const answer = answerApi(
        req.method ?? "GET",
        url.pathname.slice(API_PREFIX.length),
        url.searchParams,
        body,
        req.headers.authorization,
      );
      // A request outside the contract gets 400 whether or not the operation lists it.
      if (answer.operation && !answer.refused) {
        const violations = checkResponse(answer.operation, answer.status, answer.body);
        if (violations.length > 0) {
          breaches.push({
            direction: "response",
            operation: `${answer.operation.method.toUpperCase()} ${answer.operation.template} ${answer.status}`,
            violations,
          });
        }
      }
      send(
        answer.status,
        answer.body,
        answer.status >= 400 ? "application/problem+json" : "application/json",
      );
    });
  }

  const server = options.tls
    ? https.createServer(
        {
          cert: options.tls.cert,
          key: options.tls.key,
          ca: options.tls.ca,
          requestCert: true,
          rejectUnauthorized: true,
        },
        handle,
      )
    : http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  origin = `${options.tls ? "https" : "http"}://127.0.0.1:${port}`;

  return {
    url: `${origin}${API_PREFIX}`,
    tokenUrl: `${origin}${TOKEN_PATH}`,
    breaches,
    calls,
    deliveries,
    recurrence,
    webhookUrl: () => [...webhooks.values()].at(-1) ?? null,
    cob: (txid) => cobs.get(txid),
    async pay({ txid, valor, horario, recurrence: choice }) {
      const cob = txid ? (cobs.get(txid) ?? cobv.charge(txid)) : undefined;
      const pix: ReceivedPix = {
        endToEndId: endToEndId(),
        ...(txid ? { txid } : {}),
        valor: valor ?? cob?.valor.original ?? "1.00",
        horario: (horario ?? new Date()).toISOString(),
      };
      received.push(pix);
      if (cob && cob.status === "ATIVA") cob.status = "CONCLUIDA";
      const chave = cob?.chave ?? [...webhooks.keys()][0];
      if (chave && txid) notify(chave, pix);
      if (txid && cobs.has(txid)) recurrence.linkedCobPaid(txid, choice ?? "approve");
      return pix;
    },
    setWebhookMode(next) {
      mode = next;
    },
    setRefundMode(next) {
      devolucao.setMode(next);
    },
    refuse(status) {
      refusal = status;
    },
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    async close() {
      devolucao.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
