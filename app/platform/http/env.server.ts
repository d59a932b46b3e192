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
  // Issue 21 (docs/decisions/160): every message's envelope sender is
  // bounces+<message id>@MAIL_BOUNCE_DOMAIN, so a bounce names its message (VERP). Unset, the
  // envelope sender is MAIL_FROM's address and reports are matched by Message-ID only.
  MAIL_BOUNCE_DOMAIN: optionalText,
  // Where the bounce receiver (an SMTP server for the bounce domain's MX) listens; unset, none.
  BOUNCE_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  BOUNCE_SMTP_HOST: z.string().default("0.0.0.0"),
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
  PIX_MERCHANT_NAME: z.string().trim().min(1).max(25).default("Agentes FX"),
  PIX_MERCHANT_CITY: z.string().trim().min(1).max(15).default("Sao Paulo"),
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
  // Days an unpaid renewal waits after its due date before the subscription is suspended.
  SUBSCRIPTION_GRACE_DAYS: z.coerce.number().int().min(0).max(30).default(3),
  // Company details in the footer and on the legal pages, each shown only when set.
  COMPANY_LEGAL_NAME: optionalText,
  COMPANY_CNPJ: optionalText,
  COMPANY_ADDRESS: optionalText,
});

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
  const parsed = envSchema.safeParse(source);
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
  if (production && source.DATABASE_URL) {
    for (const [variable, problem] of Object.entries(REQUIRED_ON_POSTGRES_IN_PRODUCTION)) {
      if (!source[variable]?.trim() && !problems.some((p) => p.variable === variable)) {
        problems.push({ variable, problem });
      }
    }
  }
  return problems;
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
    const parsed = envSchema.safeParse(process.env);
    if (!parsed.success) throw new ConfigurationError(configurationProblems());
    const env = parsed.data;
    cached = { ...env, SITE_URL: env.SITE_URL ?? `http://localhost:${env.PORT}` };
  }
  return cached;
}
