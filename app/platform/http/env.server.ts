import { accessSync, constants } from "node:fs";
import crypto from "node:crypto";
import ipaddr from "ipaddr.js";
import { z } from "zod";

// The only module that reads process.env: every setting is validated once, on first use.
/**
 * Which proxies may name the client in X-Forwarded-For, as Express's `trust proxy` takes it:
 * `false` (none, the default), a hop count (`1`: the one proxy in front) or the proxies'
 * addresses/CIDRs, comma-separated (`10.0.0.0/8,fd00::/8`). Trusting every hop (`true`)
 * would let any client pick its own address, so it is refused.
 */
export const trustProxySchema = z
  .string()
  .trim()
  .default("false")
  .transform((value, ctx): false | number | string[] => {
    if (value === "" || value === "false" || value === "0") return false;
    if (/^\d+$/.test(value)) return Number(value);
    const proxies = value.split(",").map((entry) => entry.trim());
    const valid = proxies.every((entry) =>
      entry.includes("/") ? ipaddr.isValidCIDR(entry) : ipaddr.isValid(entry),
    );
    if (!valid) {
      ctx.addIssue({
        code: "custom",
        message:
          "TRUST_PROXY takes false, a hop count (1) or proxy addresses/CIDRs (10.0.0.0/8); `true` (trust every hop) is not allowed",
      });
      return z.NEVER;
    }
    return proxies;
  });

function isEd25519PrivateKey(base64: string): boolean {
  try {
    const key = crypto.createPrivateKey({
      key: Buffer.from(base64, "base64"),
      format: "der",
      type: "pkcs8",
    });
    return key.asymmetricKeyType === "ed25519";
  } catch {
    return false;
  }
}

/** A setting that may be absent; an empty value counts as absent. */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

function isPrivateKey(pem: string): boolean {
  try {
    crypto.createPrivateKey(pem);
    return true;
  } catch {
    return false;
  }
}

/** An optional e-mail address; an empty value counts as absent. */
const optionalEmail = optionalText.pipe(z.string().email().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z.string().url().optional(),
  // Connections each process keeps to PostgreSQL; default: the machine's cores + 1, at most 10
  // (docs/decisions/292).
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Public origin used for canonical URLs, Open Graph tags and the sitemap; when unset,
  // http://localhost:PORT (refused in production on PostgreSQL, see configurationProblems).
  SITE_URL: z
    .string()
    .trim()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SIGNUP_RATE_LIMIT: z.coerce.number().int().min(0).default(10),
  // Seconds a shared cache in front (nginx, deploy/nginx.conf) may answer a shared public
  // page (s-maxage): an admin edit shows through it within them (docs/decisions/403).
  PROXY_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  // Login attempts per 15 minutes, per client IP and per e-mail (docs/decisions/031).
  LOGIN_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
  LOGIN_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  TRUST_PROXY: trustProxySchema,
  // Signs session cookies; see app/lib/auth.server.ts and docs/decisions/030 for what
  // happens when it is missing.
  BETTER_AUTH_SECRET: z.string().min(32).optional(),
  CONTACT_EMAIL: z.string().email().default("suporte@agentesfx.com.br"),
  PRIVACY_EMAIL: z.string().email().default("privacidade@agentesfx.com.br"),
  INSTAGRAM_URL: z.string().url().default("https://www.instagram.com/agentesfx"),
  YOUTUBE_URL: z.string().url().default("https://www.youtube.com/@agentesfx"),
  // E-mail: without SMTP_URL messages go to the local mailbox at /admin/emails.
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default("Agentes FX <nao-responda@agentesfx.com.br>"),
  // Reply-To of every message, so people can answer (docs/decisions/182); unset, CONTACT_EMAIL.
  MAIL_REPLY_TO: optionalEmail,
  // Where staff are told of each acceptance and each payment (docs/decisions/181); unset,
  // CONTACT_EMAIL.
  STAFF_EMAIL: optionalEmail,
  // Issue 39 (decision 383): a robot whose balance fell more than this share (percent) below
  // its highest of the last 24 hours is flagged on the fleet board.
  FLEET_BALANCE_DROP_PERCENT: z.coerce.number().int().min(1).max(100).default(20),
  // Issue 21 (docs/decisions/160): every message's envelope sender is
  // bounces+<message id>@MAIL_BOUNCE_DOMAIN, so a bounce names its message (VERP). Unset, the
  // envelope sender is MAIL_FROM's address and reports are matched by Message-ID only.
  MAIL_BOUNCE_DOMAIN: optionalText,
  // DKIM (docs/decisions/393): with all three set, every message is signed for DKIM_DOMAIN
  // under DKIM_SELECTOR; unset, the SMTP relay must sign. The key is PEM, its line breaks
  // written as \n when the setting is one line.
  DKIM_DOMAIN: optionalText,
  DKIM_SELECTOR: optionalText,
  DKIM_PRIVATE_KEY: optionalText
    .transform((value) => value?.replaceAll("\\n", "\n"))
    .refine(
      (value) => value === undefined || isPrivateKey(value),
      "DKIM_PRIVATE_KEY must be a PEM private key (openssl genrsa 2048)",
    ),
  // Issue 39 (docs/decisions/385): the domain whose mail the inbound SMTP (the bounce
  // receiver) also takes for support: resposta+<token>@ it threads into a conversation,
  // suporte@ it opens one and is every message's default Reply-To. Unset, no e-mail reaches
  // the support inbox and replies go to MAIL_REPLY_TO or CONTACT_EMAIL.
  SUPPORT_INBOUND_DOMAIN: optionalText,
  // Where the bounce receiver (an SMTP server for the bounce domain's MX) listens; unset, none.
  BOUNCE_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  BOUNCE_SMTP_HOST: z.string().default("0.0.0.0"),
  // Issue 38 (docs/decisions/377): where the receiver of broker-signed statements listens (an
  // SMTP server for STATEMENT_MAIL_DOMAIN's MX, default extratos.<site's domain>); unset, none.
  STATEMENT_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  STATEMENT_SMTP_HOST: z.string().default("0.0.0.0"),
  STATEMENT_MAIL_DOMAIN: optionalText,
  // DNS servers ("host:port", comma-separated) that DKIM keys are asked of; unset, the system's.
  DKIM_DNS_SERVERS: optionalText.transform((value) =>
    value
      ?.split(",")
      .map((server) => server.trim())
      .filter(Boolean),
  ),
  // Shared secret of POST /correio/relatorios (a relay posting reports); unset, it answers 404.
  BOUNCE_HTTP_SECRET: z.string().min(24).optional(),
  // Campaigns (docs/decisions/163): messages per second over every process, and per
  // recipient domain (0 turns either limit off). They share the worker's EMAIL_CONCURRENCY.
  CAMPAIGN_RATE_PER_SECOND: z.coerce.number().min(0).default(20),
  CAMPAIGN_DOMAIN_RATE_PER_SECOND: z.coerce.number().min(0).default(5),
  // Delay before an unsent message's second try, doubling after each failure (decision 080).
  EMAIL_RETRY_BASE_MS: z.coerce.number().int().min(0).default(30_000),
  // How long a claimed message is hidden from other workers while it is sent (decision 080).
  EMAIL_LEASE_MS: z.coerce.number().int().min(1000).default(120_000),
  // SMTP connections of the worker's pool, hence sends in flight at most (decision 115).
  EMAIL_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(16),
  // Days a settled message (sent, cancelled, or failed and seen by staff) is kept (decision 116).
  EMAIL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  // Days an entry that never confirmed its address is kept (its one reminder goes after a day).
  UNCONFIRMED_ERASE_DAYS: z.coerce.number().int().min(2).max(3650).default(30),
  // "off": this process runs no worker (web processes on PostgreSQL while `npm run worker`
  // runs apart, decision 115); refused on the embedded database.
  WORKER: z.enum(["on", "off"]).default("on"),
  // The person in charge of data protection (LGPD "encarregado"), named on /privacidade.
  PRIVACY_OFFICER_NAME: z.string().min(1).default("Encarregado de Proteção de Dados da Agentes FX"),
  PARTNER_BROKER_NAME: z.string().min(1).default("corretora parceira"),
  // The partner broker's site: where the pages that mention the broker link to, when set.
  PARTNER_BROKER_URL: z.string().url().optional(),
  // The support WhatsApp number (country and area code, digits), linked on /contato when set.
  WHATSAPP_NUMBER: optionalText.pipe(
    z
      .string()
      .regex(
        /^\+?\d{10,15}$/,
        "WHATSAPP_NUMBER takes the number with country code, digits only (5511999998888)",
      )
      .transform((value) => value.replace("+", ""))
      .optional(),
  ),
  // Issue 12: shifts the clock that invitation deadlines are kept by, so end-to-end tests
  // can let 48 hours pass in a server under test (docs/decisions/092). 0 in production.
  CLOCK_OFFSET_MS: z.coerce.number().int().default(0),
  // How often the invitation sweep looks for passed deadlines and due reminders.
  INVITATION_SWEEP_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  // Issue 23: payments without a provider. PIX: the merchant of the static BR Code (no PIX
  // block on the order page while PIX_KEY is unset). Bank transfer: the details shown with
  // the order's reference; BANK_ACCOUNT also names the account imported statements must be of.
  PIX_KEY: optionalText,
  // Any length: the BR Code carries the name's first 25 characters and the city's first 15,
  // without accents (EMV fields 59 and 60; features/orders/pix.server.ts, decision 401).
  PIX_MERCHANT_NAME: z.string().trim().min(1).default("Agentes FX"),
  PIX_MERCHANT_CITY: z.string().trim().min(1).default("Sao Paulo"),
  BANK_NAME: optionalText,
  BANK_BRANCH: optionalText,
  BANK_ACCOUNT: optionalText,
  BANK_HOLDER: optionalText,
  BANK_DOCUMENT: optionalText,
  // 32 random bytes, base64 (`openssl rand -base64 32`): seals the trading password a person
  // may hand over in the setup form. Unset: the form does not ask for it.
  SETUP_CREDENTIAL_KEY: optionalText.refine(
    (value) => value === undefined || Buffer.from(value, "base64").length === 32,
    "SETUP_CREDENTIAL_KEY must be 32 random bytes in base64 (openssl rand -base64 32)",
  ),
  // Issue 38: the Ed25519 key that signs the public record log's heads, PKCS#8 DER in base64
  // (`openssl genpkey -algorithm ed25519 -outform DER | base64 -w0`). Unset: one generated
  // once and kept in the database (docs/decisions/371).
  RECORD_LOG_SIGNING_KEY: optionalText.refine(
    (value) => value === undefined || isEd25519PrivateKey(value),
    "RECORD_LOG_SIGNING_KEY must be an Ed25519 private key, PKCS#8 DER in base64 (openssl genpkey -algorithm ed25519 -outform DER | base64 -w0)",
  ),
  // Issue 24: Mercado Pago, the hosted checkout for cards (docs/decisions/171). Unset: the
  // product works without it (PIX, transfer, a link staff send). Set: the webhook secret of the
  // same application must be set too, or no notification could be verified.
  MERCADO_PAGO_ACCESS_TOKEN: optionalText,
  MERCADO_PAGO_WEBHOOK_SECRET: optionalText,
  MERCADO_PAGO_API_URL: z.string().url().default("https://api.mercadopago.com"),
  // Issue 37: the Banco Central's API Pix at the PSP (docs/decisions/350). Unset: PIX by static
  // BR Code and statement import, as before. Set: the client id and secret, the client
  // certificate and key (PEM files) the PSP issued for mutual TLS, PIX_KEY (the charges' key)
  // and the webhook's secret must be set too. PIX_API_TOKEN_URL defaults to the API's origin
  // + /oauth/token; PIX_API_CA_FILE trusts a private CA (the local PSP's, npm run psp:local).
  PIX_API_URL: optionalText.pipe(z.string().url().optional()),
  PIX_API_TOKEN_URL: optionalText.pipe(z.string().url().optional()),
  PIX_API_CLIENT_ID: optionalText,
  PIX_API_CLIENT_SECRET: optionalText,
  PIX_API_CERT_FILE: optionalText,
  PIX_API_KEY_FILE: optionalText,
  PIX_API_CA_FILE: optionalText,
  // The secret part of the webhook URL given to the PSP (/webhooks/pix/<secret>/pix).
  PIX_API_WEBHOOK_SECRET: optionalText.pipe(z.string().min(24).optional()),
  // How often the worker asks the PSP for charges still awaiting payment (a late webhook).
  PIX_API_POLL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
  // The Banco Central's PTAX service (Olinda OData, docs/decisions/354); tests point it at a
  // local stand-in. "off": no PTAX is fetched, staff set the rate.
  PTAX_URL: z
    .string()
    .default("https://olinda.bcb.gov.br/olinda/servico/PTAX/versao/v1/odata")
    .pipe(z.union([z.literal("off"), z.string().url()])),
  // Days an unpaid renewal waits after its due date before the subscription is suspended.
  SUBSCRIPTION_GRACE_DAYS: z.coerce.number().int().min(0).max(30).default(3),
  // Issue 38: the securities analyst responsible for the automated strategies (Res. CVM
  // 20/2021 art. 20), named on each robot's disclosure sheet; the sheet says so while unset.
  ANALYST_NAME: optionalText,
  ANALYST_CNPI: optionalText,
  // Company details in the footer and on the legal pages, each shown only when set.
  COMPANY_LEGAL_NAME: optionalText,
  COMPANY_CNPJ: optionalText,
  COMPANY_ADDRESS: optionalText,
});

/**
 * Zod's issues in the words of a start-up log line, `VARIABLE: <message>`: English like every
 * setting's own message, each naming the limit the value missed (docs/decisions/401).
 */
function settingMessage(issue: z.core.$ZodRawIssue): string | undefined {
  const unit = issue.origin === "string" ? " characters" : "";
  switch (issue.code) {
    case "too_big":
      return `must be at most ${String(issue.maximum)}${unit}`;
    case "too_small":
      return issue.origin === "string" && issue.minimum === 1
        ? "must not be empty"
        : `must be at least ${String(issue.minimum)}${unit}`;
    case "invalid_type":
      return issue.expected === "int" ? "must be a whole number" : `must be a ${issue.expected}`;
    case "invalid_value":
      return `must be one of ${issue.values.map(String).join(", ")}`;
    case "invalid_format":
      if (issue.format === "url") return "must be a URL (https://example.com)";
      if (issue.format === "email") return "must be an e-mail address (name@example.com)";
      return `must be a valid ${issue.format}`;
    default:
      return undefined;
  }
}

const parseSettings = (source: Record<string, string | undefined>) =>
  envSchema.safeParse(source, { error: settingMessage });

export type Env = Omit<z.infer<typeof envSchema>, "SITE_URL"> & { SITE_URL: string };

/** One setting that stops the server from starting, named for the structured log. */
export interface ConfigurationProblem {
  variable: string;
  problem: string;
}

/**
 * Settings a production server on PostgreSQL must be given rather than guess: its public
 * origin (canonical links, the sitemap, the page cache; decision 055), the session secret
 * shared by its processes (decision 030) and an SMTP server, or its mail would pile up in the
 * local mailbox (decision 082). On the embedded database each has a working default.
 */
const REQUIRED_ON_POSTGRES_IN_PRODUCTION = {
  SITE_URL: "the site's public origin (https://...) must be set in production on PostgreSQL",
  BETTER_AUTH_SECRET:
    "must be set in production on PostgreSQL so every server process signs sessions alike (openssl rand -base64 32)",
  SMTP_URL:
    "must be set in production on PostgreSQL, or e-mail would stay in the local mailbox (smtps://user:password@smtp.example.com:465)",
} as const;

/**
 * Every setting that is invalid or missing, all at once, so one failed start names them all
 * (docs/decisions/137). Values are never repeated: a bad URL may hold a password.
 */
export function configurationProblems(
  source: Record<string, string | undefined> = process.env,
): ConfigurationProblem[] {
  const parsed = parseSettings(source);
  const problems: ConfigurationProblem[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? "environment"),
        problem: issue.message,
      }));
  const env = parsed.success ? parsed.data : undefined;
  const production = (env?.NODE_ENV ?? source.NODE_ENV ?? "production") === "production";
  if (
    source.MERCADO_PAGO_ACCESS_TOKEN?.trim() &&
    !source.MERCADO_PAGO_WEBHOOK_SECRET?.trim() &&
    !problems.some((p) => p.variable === "MERCADO_PAGO_WEBHOOK_SECRET")
  ) {
    problems.push({
      variable: "MERCADO_PAGO_WEBHOOK_SECRET",
      problem:
        "must be set with MERCADO_PAGO_ACCESS_TOKEN (the application's webhook secret), or no payment notification could be verified",
    });
  }
  problems.push(...apiPixProblems(source, problems));
  const dkim = ["DKIM_DOMAIN", "DKIM_SELECTOR", "DKIM_PRIVATE_KEY"] as const;
  const dkimSet = dkim.filter((variable) => source[variable]?.trim());
  if (dkimSet.length > 0 && dkimSet.length < dkim.length) {
    for (const variable of dkim.filter((name) => !dkimSet.includes(name))) {
      problems.push({
        variable,
        problem: `must be set with ${dkimSet.join(" and ")}: DKIM signs with all three`,
      });
    }
  }
  if (production && source.DATABASE_URL) {
    for (const [variable, problem] of Object.entries(REQUIRED_ON_POSTGRES_IN_PRODUCTION)) {
      if (!source[variable]?.trim() && !problems.some((p) => p.variable === variable)) {
        problems.push({ variable, problem });
      }
    }
  }
  return problems;
}

const API_PIX_REQUIRED = {
  PIX_API_CLIENT_ID: "the client id the PSP issued",
  PIX_API_CLIENT_SECRET: "the client secret the PSP issued",
  PIX_API_CERT_FILE: "the PEM file of the client certificate the PSP issued (mutual TLS)",
  PIX_API_KEY_FILE: "the PEM file of that certificate's private key",
  PIX_API_WEBHOOK_SECRET:
    "at least 24 random characters (openssl rand -hex 24), the webhook URL's secret",
  PIX_KEY: "the PIX key the charges are made out to",
} as const;

/** With PIX_API_URL set, every other setting of the API Pix, and files that can be read. */
function apiPixProblems(
  source: Record<string, string | undefined>,
  known: ConfigurationProblem[],
): ConfigurationProblem[] {
  if (!source.PIX_API_URL?.trim()) return [];
  const problems: ConfigurationProblem[] = [];
  for (const [variable, what] of Object.entries(API_PIX_REQUIRED)) {
    if (!source[variable]?.trim() && !known.some((p) => p.variable === variable)) {
      problems.push({ variable, problem: `must be set with PIX_API_URL: ${what}` });
    }
  }
  for (const variable of ["PIX_API_CERT_FILE", "PIX_API_KEY_FILE", "PIX_API_CA_FILE"]) {
    const file = source[variable]?.trim();
    if (file && !readableFile(file)) {
      problems.push({ variable, problem: `cannot read the file ${file}` });
    }
  }
  return problems;
}

function readableFile(path: string): boolean {
  try {
    accessSync(path, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

/** Thrown by getEnv on a setting it cannot read; the server checks them all before. */
export class ConfigurationError extends Error {
  readonly problems: ConfigurationProblem[];
  constructor(problems: ConfigurationProblem[]) {
    super(problems.map(({ variable, problem }) => `${variable}: ${problem}`).join("; "));
    this.problems = problems;
    this.name = "ConfigurationError";
  }
}

let cached: Env | undefined;

export function getEnv(): Env {
  if (!cached) {
    const parsed = parseSettings(process.env);
    if (!parsed.success) throw new ConfigurationError(configurationProblems());
    const env = parsed.data;
    cached = { ...env, SITE_URL: env.SITE_URL ?? `http://localhost:${env.PORT}` };
  }
  return cached;
}
