// The PSP's webhook (API Pix callback `{webhookUrl}/pix`, docs/decisions/353): authenticated
// by the secret in its URL, which only the PSP was told (PUT /webhook/{chave}); an unverified
// or malformed call stores nothing. Its Pix are stored and the answer is 200, so the PSP stops
// retrying; the worker applies them (docs/decisions/440). A database that fails answers 503, so
// the PSP retries.
import { createHash, timingSafeEqual } from "node:crypto";
import { getLogger } from "../../platform/http/logger.server.ts";
import {
  apiPixConfig,
  pixNotificationSchema,
  type ApiPixConfig,
} from "../../platform/payments/api-pix.server.ts";
import { storeReceivedPix } from "./pix-inbox.server.ts";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Constant-time comparison of the URL's secret with ours. */
export function webhookSecretMatches(given: string, config: ApiPixConfig): boolean {
  return timingSafeEqual(digest(given), digest(config.webhookSecret));
}

export async function receivePixNotification(
  secret: string,
  body: string,
  now: Date,
  config: ApiPixConfig | null = apiPixConfig(),
): Promise<{ status: number }> {
  if (!config) return { status: 404 };
  if (!webhookSecretMatches(secret, config)) return { status: 401 };
  let parsed;
  try {
    parsed = pixNotificationSchema.safeParse(JSON.parse(body));
  } catch {
    return { status: 400 };
  }
  if (!parsed.success) return { status: 400 };
  try {
    await storeReceivedPix(parsed.data.pix, now);
    return { status: 200 };
  } catch (error) {
    getLogger().error({ err: error }, "pix webhook not stored");
    return { status: 503 };
  }
}
