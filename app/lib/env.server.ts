import { z } from "zod";

// The only module that reads process.env: every setting is validated once, on first use.
const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .default("false")
  .transform((value) => value === "true" || value === "1");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Public origin used for canonical URLs, Open Graph tags and the sitemap.
  SITE_URL: z.string().url().default("http://localhost:3000"),
  // How long anonymous public HTML is reused (docs/decisions/006); 0 turns the cache off.
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).default(2000),
  SIGNUP_RATE_LIMIT: z.coerce.number().int().min(0).default(10),
  // Login attempts per 15 minutes, per client IP and per e-mail (docs/decisions/031).
  LOGIN_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
  LOGIN_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  TRUST_PROXY: booleanFlag,
  // Signs session cookies; see app/lib/auth.server.ts and docs/decisions/030 for what
  // happens when it is missing.
  BETTER_AUTH_SECRET: z.string().min(32).optional(),
  CONTACT_EMAIL: z.string().email().default("suporte@agentesfx.com.br"),
  PRIVACY_EMAIL: z.string().email().default("privacidade@agentesfx.com.br"),
  INSTAGRAM_URL: z.string().url().default("https://www.instagram.com/agentesfx"),
  YOUTUBE_URL: z.string().url().default("https://www.youtube.com/@agentesfx"),
  // E-mail (issue 11): without SMTP_URL messages go to the local mailbox at /admin/emails.
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default("Agentes FX <nao-responda@agentesfx.com.br>"),
  PARTNER_BROKER_NAME: z.string().min(1).default("corretora parceira"),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= envSchema.parse(process.env);
  return cached;
}
