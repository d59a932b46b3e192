import { readFileSync } from "node:fs";
import https from "node:https";
import { z } from "zod";
import { pixTokenRefusal } from "../../content/pix.ts";
import { getEnv } from "../http/env.server.ts";
import { providerCredentials } from "./provider-status.server.ts";

// The Banco Central's API Pix (api-pix/openapi.yaml, 2.9.0), PSP-agnostic (docs/decisions/350):
// OAuth2 client credentials over mutual TLS, then the subset the product uses. Amounts travel
// as the contract writes them ("810.74"); the caller converts. Unset settings: no adapter, and
// the product takes PIX by static BR Code and statement import as before.

export interface ApiPixConfig {
  /** The PSP's API base, up to and without /cob (https://pix.example.com/api/v2). */
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  cert: Buffer;
  key: Buffer;
  /** Extra CA the PSP's certificate chains to (the local PSP's); unset, the system's. */
  ca: Buffer | undefined;
  /** The receiving PIX key (DICT) the charges are made out to and the webhook is set on. */
  pixKey: string;
  /** The secret part of our webhook's URL, so only the PSP that was told it can post. */
  webhookSecret: string;
}

let cachedConfig: { config: ApiPixConfig | null } | undefined;

/** The adapter's settings, or null while PIX_API_URL is unset (checked at start, env.server.ts). */
export function apiPixConfig(): ApiPixConfig | null {
  if (cachedConfig) return cachedConfig.config;
  const env = getEnv();
  let config: ApiPixConfig | null = null;
  if (
    env.PIX_API_URL &&
    env.PIX_API_CLIENT_ID &&
    env.PIX_API_CLIENT_SECRET &&
    env.PIX_API_CERT_FILE &&
    env.PIX_API_KEY_FILE &&
    env.PIX_API_WEBHOOK_SECRET &&
    env.PIX_KEY
  ) {
    const baseUrl = env.PIX_API_URL.replace(/\/+$/, "");
    config = {
      baseUrl,
      tokenUrl: env.PIX_API_TOKEN_URL ?? `${new URL(baseUrl).origin}/oauth/token`,
      clientId: env.PIX_API_CLIENT_ID,
      clientSecret: env.PIX_API_CLIENT_SECRET,
      cert: readFileSync(env.PIX_API_CERT_FILE),
      key: readFileSync(env.PIX_API_KEY_FILE),
      ca: env.PIX_API_CA_FILE ? readFileSync(env.PIX_API_CA_FILE) : undefined,
      pixKey: env.PIX_KEY,
      webhookSecret: env.PIX_API_WEBHOOK_SECRET,
    };
  }
  cachedConfig = { config };
  return config;
}

/** The PSP could not be reached or failed (5xx, timeout): try again later. */
export class PixApiUnavailableError extends Error {
  override name = "PixApiUnavailableError";
}

/** The PSP refused the request (4xx): its problem's title and detail, as RFC 7807 gives them. */
export class PixApiRefusedError extends Error {
  override name = "PixApiRefusedError";
  readonly status: number;
  readonly problem: string;
  constructor(status: number, problem: string) {
    super(`API Pix refused (${status}): ${problem}`);
    this.status = status;
    this.problem = problem;
  }
}

const REQUEST_TIMEOUT_MS = 10_000;
/** A token is renewed this long before the PSP says it expires. */
const TOKEN_MARGIN_MS = 60_000;

const amount = z.string().regex(/^\d{1,10}\.\d{2}$/);

const cobSchema = z.object({
  txid: z.string(),
  status: z.enum(["ATIVA", "CONCLUIDA", "REMOVIDA_PELO_USUARIO_RECEBEDOR", "REMOVIDA_PELO_PSP"]),
  calendario: z.object({ criacao: z.string(), expiracao: z.number().int() }),
  valor: z.object({ original: amount }),
  pixCopiaECola: z.string().optional(),
  location: z.string().optional(),
  pix: z.array(z.lazy(() => pixSchema)).optional(),
});

const cobvSchema = z.object({
  txid: z.string(),
  status: z.enum(["ATIVA", "CONCLUIDA", "REMOVIDA_PELO_USUARIO_RECEBEDOR", "REMOVIDA_PELO_PSP"]),
  calendario: z.object({ dataDeVencimento: z.string(), validadeAposVencimento: z.number() }),
  valor: z.object({ original: amount }),
  pixCopiaECola: z.string().optional(),
});

const refundSchema = z.object({
  id: z.string(),
  rtrId: z.string(),
  valor: amount,
  status: z.enum(["EM_PROCESSAMENTO", "DEVOLVIDO", "NAO_REALIZADO"]),
  motivo: z.string().optional(),
});

/** A Pix as the PSP reports it (GET /pix, GET /cob, the webhook's `pix[]`). */
export const pixSchema = z.object({
  endToEndId: z.string().regex(/^[a-zA-Z0-9]{32}$/),
  txid: z.string().optional(),
  valor: amount,
  horario: z.iso.datetime({ offset: true }),
  devolucoes: z.array(refundSchema).optional(),
});

/** The webhook's body: the contract's `pix[]`. */
export const pixNotificationSchema = z.object({ pix: z.array(pixSchema).min(1) });

export type Cob = z.infer<typeof cobSchema>;
export type ReceivedPix = z.infer<typeof pixSchema>;
export type PixRefund = z.infer<typeof refundSchema>;
export type CobV = z.infer<typeof cobvSchema>;

/** A due-date charge's request (`PUT /cobv/{txid}`): amounts as the contract writes them. */
export interface CobVInput {
  txid: string;
  valor: string;
  /** YYYY-MM-DD. */
  dueDate: string;
  daysAfterDue: number;
  payer: { name: string; document: string };
  /** Percent once after the due date ("2.00"), or null for none. */
  finePercent: string | null;
  /** Percent per month, calendar days ("1.00"), or null for none. */
  interestPercentMonth: string | null;
  message: string;
}

const pixPageSchema = z.object({
  parametros: z.object({
    paginacao: z.object({ paginaAtual: z.number(), quantidadeDePaginas: z.number() }),
  }),
  pix: z.array(pixSchema).optional(),
});

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number() });

export interface Answer {
  status: number;
  body: string;
}

/** Told when the PSP refuses or grants a token, so staff can be shown a refusal. */
export interface CredentialsListener {
  refused(problem: string, at: Date): Promise<void>;
  granted(at: Date): Promise<void>;
}

export class ApiPixClient {
  private readonly config: ApiPixConfig;
  private readonly agent: https.Agent;
  private readonly credentials: CredentialsListener | undefined;
  private token: { value: string; until: number } | null = null;

  constructor(config: ApiPixConfig, credentials?: CredentialsListener) {
    this.config = config;
    this.credentials = credentials;
    this.agent = new https.Agent({
      cert: config.cert,
      key: config.key,
      ...(config.ca ? { ca: config.ca } : {}),
      keepAlive: true,
      maxSockets: 8,
    });
  }

  private send(
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const request = https.request(
        url,
        { method, agent: this.agent, headers, timeout: REQUEST_TIMEOUT_MS },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks).toString("utf8"),
            }),
          );
          response.on("error", (error) => reject(new PixApiUnavailableError(error.message)));
        },
      );
      request.on("timeout", () => request.destroy(new Error("timeout")));
      request.on("error", (error) => reject(new PixApiUnavailableError(error.message)));
      request.end(body);
    });
  }

  private async accessToken(now: number): Promise<string> {
    if (this.token && this.token.until > now) return this.token.value;
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString(
      "base64",
    );
    const answer = await this.send(
      "POST",
      this.config.tokenUrl,
      {
        authorization: `Basic ${basic}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      "grant_type=client_credentials",
    );
    if (answer.status >= 500) throw new PixApiUnavailableError(`token: ${answer.status}`);
    if (answer.status !== 200) {
      // Staff see it on /admin/pagamentos until a token is granted (docs/decisions/369).
      await this.credentials?.refused(pixTokenRefusal(answer.status), new Date(now));
      throw new PixApiRefusedError(answer.status, "token refused");
    }
    const token = tokenSchema.parse(JSON.parse(answer.body));
    await this.credentials?.granted(new Date(now));
    this.token = {
      value: token.access_token,
      until: now + Math.max(0, token.expires_in * 1000 - TOKEN_MARGIN_MS),
    };
    return token.access_token;
  }

  /**
   * One call of the API; a 403 (token revoked early) is retried once with a fresh token.
   * Public for the adapter's other parts (api-pix-recurrence.server.ts).
   */
  async call(method: string, path: string, body?: unknown): Promise<Answer> {
    const text = body === undefined ? undefined : JSON.stringify(body);
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken(Date.now());
      const answer = await this.send(
        method,
        `${this.config.baseUrl}${path}`,
        {
          authorization: `Bearer ${token}`,
          accept: "application/json",
          ...(text === undefined ? {} : { "content-type": "application/json" }),
        },
        text,
      );
      if (answer.status === 403 && attempt === 0) {
        this.token = null;
        continue;
      }
      if (answer.status >= 500) {
        throw new PixApiUnavailableError(`${method} ${path}: ${answer.status}`);
      }
      return answer;
    }
  }

  static refused(answer: Answer): PixApiRefusedError {
    let problem = answer.body.slice(0, 300);
    try {
      const parsed = JSON.parse(answer.body) as { title?: string; detail?: string };
      problem = [parsed.title, parsed.detail].filter(Boolean).join(": ") || problem;
    } catch {
      // not JSON: the text itself
    }
    return new PixApiRefusedError(answer.status, problem);
  }

  /** GET /cob/{txid}; null when the PSP knows no such charge. */
  async getCob(txid: string): Promise<Cob | null> {
    const answer = await this.call("GET", `/cob/${encodeURIComponent(txid)}`);
    if (answer.status === 404) return null;
    if (answer.status !== 200) throw ApiPixClient.refused(answer);
    return cobSchema.parse(JSON.parse(answer.body));
  }

  /**
   * PUT /cob/{txid}: an immediate charge of `valor` expiring `expiresInSeconds` after its
   * creation. Idempotent for us: a txid the PSP already holds with the same amount (our
   * earlier attempt whose answer was lost) is that charge.
   */
  async createCob(input: {
    txid: string;
    valor: string;
    expiresInSeconds: number;
    message: string;
  }): Promise<Cob> {
    const answer = await this.call("PUT", `/cob/${encodeURIComponent(input.txid)}`, {
      calendario: { expiracao: input.expiresInSeconds },
      valor: { original: input.valor },
      chave: this.config.pixKey,
      solicitacaoPagador: input.message.slice(0, 140),
    });
    if (answer.status === 201 || answer.status === 200) {
      return cobSchema.parse(JSON.parse(answer.body));
    }
    if (answer.status === 400 || answer.status === 409) {
      const existing = await this.getCob(input.txid);
      if (existing && existing.valor.original === input.valor) return existing;
    }
    throw ApiPixClient.refused(answer);
  }

  /**
   * PUT /cobv/{txid}: a charge due on a date, payable `daysAfterDue` days after it with the
   * fine and interest given. Idempotent like createCob: the same txid and amount held is it.
   */
  async createCobv(input: CobVInput): Promise<CobV> {
    const document = input.payer.document;
    const answer = await this.call("PUT", `/cobv/${encodeURIComponent(input.txid)}`, {
      calendario: {
        dataDeVencimento: input.dueDate,
        validadeAposVencimento: input.daysAfterDue,
      },
      devedor: {
        ...(document.length === 11 ? { cpf: document } : { cnpj: document }),
        nome: input.payer.name.slice(0, 200),
      },
      valor: {
        original: input.valor,
        ...(input.finePercent ? { multa: { modalidade: 2, valorPerc: input.finePercent } } : {}),
        ...(input.interestPercentMonth
          ? { juros: { modalidade: 3, valorPerc: input.interestPercentMonth } }
          : {}),
      },
      chave: this.config.pixKey,
      solicitacaoPagador: input.message.slice(0, 140),
    });
    if (answer.status === 201 || answer.status === 200) {
      return cobvSchema.parse(JSON.parse(answer.body));
    }
    if (answer.status === 400 || answer.status === 409) {
      const existing = await this.call("GET", `/cobv/${encodeURIComponent(input.txid)}`);
      if (existing.status === 200) {
        const cobv = cobvSchema.parse(JSON.parse(existing.body));
        if (cobv.valor.original === input.valor) return cobv;
      }
    }
    throw ApiPixClient.refused(answer);
  }

  /** GET /pix/{e2eid}/devolucao/{id}: where a refund stands; null when the PSP has none. */
  async getRefund(endToEndId: string, id: string): Promise<PixRefund | null> {
    const answer = await this.call(
      "GET",
      `/pix/${encodeURIComponent(endToEndId)}/devolucao/${encodeURIComponent(id)}`,
    );
    if (answer.status === 404) return null;
    if (answer.status !== 200) throw ApiPixClient.refused(answer);
    return refundSchema.parse(JSON.parse(answer.body));
  }

  /** GET /pix: every Pix received between two instants, all pages. */
  async receivedPix(inicio: Date, fim: Date): Promise<ReceivedPix[]> {
    const all: ReceivedPix[] = [];
    for (let page = 0; ; page++) {
      const query = new URLSearchParams({
        inicio: inicio.toISOString(),
        fim: fim.toISOString(),
        "paginacao.paginaAtual": String(page),
        "paginacao.itensPorPagina": "1000",
      });
      const answer = await this.call("GET", `/pix?${query}`);
      if (answer.status !== 200) throw ApiPixClient.refused(answer);
      const parsed = pixPageSchema.parse(JSON.parse(answer.body));
      all.push(...(parsed.pix ?? []));
      if (page + 1 >= parsed.parametros.paginacao.quantidadeDePaginas) return all;
    }
  }

  /** PUT /pix/{e2eid}/devolucao/{id}: returns `valor` of a received Pix to its payer. */
  async refund(endToEndId: string, id: string, valor: string): Promise<PixRefund> {
    const answer = await this.call(
      "PUT",
      `/pix/${encodeURIComponent(endToEndId)}/devolucao/${encodeURIComponent(id)}`,
      { valor },
    );
    if (answer.status !== 201 && answer.status !== 200) throw ApiPixClient.refused(answer);
    return refundSchema.parse(JSON.parse(answer.body));
  }

  /** PUT /webhook/{chave}: where the PSP posts the Pix received on our key. */
  async registerWebhook(webhookUrl: string): Promise<void> {
    const answer = await this.call("PUT", `/webhook/${encodeURIComponent(this.config.pixKey)}`, {
      webhookUrl,
    });
    if (answer.status !== 200 && answer.status !== 201 && answer.status !== 204) {
      throw ApiPixClient.refused(answer);
    }
  }

  close(): void {
    this.agent.destroy();
  }
}

let client: ApiPixClient | null | undefined;

/** The process's one client (it keeps the token and the TLS connections), or null when unset. */
export function apiPix(): ApiPixClient | null {
  if (client === undefined) {
    const config = apiPixConfig();
    client = config ? new ApiPixClient(config, providerCredentials("api-pix")) : null;
  }
  return client;
}
