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
  TRUST_PROXY: trustProxySchema,
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

/**
 * Production needs its public origin: canonical links, the sitemap and the page cache's
 * render URL would otherwise name localhost (docs/decisions/055-headers-and-origin.md).
 */
export function assertSiteUrlConfigured(
  source: Record<string, string | undefined> = process.env,
): void {
  if ((source.NODE_ENV ?? "production") === "production" && !source.SITE_URL) {
    throw new Error("SITE_URL must be set in production (the site's public origin, https://...)");
  }
}

export function getEnv(): Env {
  cached ??= envSchema.parse(process.env);
  return cached;
}
