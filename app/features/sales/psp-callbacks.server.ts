// The PSP's API Pix callbacks, one entry for the three it posts to `{webhookUrl}/pix`, `/rec`
// and `/cobr` (docs/decisions/353, 356-357, 466). Each is authenticated by the secret in the
// URL and answered with its status alone: the PSP reads nothing else.
import { receivePixNotification } from "../orders/pix-webhook.server.ts";
import { receiveRecurrenceNotification } from "./pix-automatico-webhook.server.ts";

/** The callbacks' path, under the URL the PSP was given (pixWebhookUrl). */
export const PSP_CALLBACK_PATH = "/webhooks/pix/:secret/:kind";
/** A notification of a few hundred Pix at most. */
export const PSP_CALLBACK_MAX_BYTES = 256 * 1024;

export async function receivePspCallback(
  kind: string,
  secret: string,
  body: string,
  now: Date,
): Promise<{ status: number }> {
  if (kind === "pix") return receivePixNotification(secret, body, now);
  if (kind === "rec" || kind === "cobr") {
    return receiveRecurrenceNotification(kind, secret, body, now);
  }
  return { status: 404 };
}
