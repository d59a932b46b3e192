// The PSP's Pix Automático callbacks (`{webhookUrl}/rec` and `{webhookUrl}/cobr`, registered by
// PUT /webhookrec and PUT /webhookcobr, docs/decisions/356-357): authenticated like the Pix
// webhook by the secret in the URL; an unverified or malformed call stores nothing. Each item
// is applied once whatever the order or the number of deliveries; a database that fails
// answers 503 so the PSP retries.
import { getLogger } from "../../platform/http/logger.server.ts";
import { apiPixConfig, type ApiPixConfig } from "../../platform/payments/api-pix.server.ts";
import {
  cobrNotificationSchema,
  recNotificationSchema,
} from "../../platform/payments/api-pix-recurrence.server.ts";
import { webhookSecretMatches } from "../orders/pix-webhook.server.ts";
import { applyRecurrenceState } from "./pix-mandates.server.ts";
import { applyRecurringChargeState } from "./pix-recurring-charges.server.ts";

export type RecurrenceCallback = "rec" | "cobr";

export async function receiveRecurrenceNotification(
  kind: RecurrenceCallback,
  secret: string,
  body: string,
  now: Date,
  config: ApiPixConfig | null = apiPixConfig(),
): Promise<{ status: number }> {
  if (!config) return { status: 404 };
  if (!webhookSecretMatches(secret, config)) return { status: 401 };
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { status: 400 };
  }
  try {
    if (kind === "rec") {
      const parsed = recNotificationSchema.safeParse(json);
      if (!parsed.success) return { status: 400 };
      for (const rec of parsed.data.recs) await applyRecurrenceState(rec, now);
    } else {
      const parsed = cobrNotificationSchema.safeParse(json);
      if (!parsed.success) return { status: 400 };
      for (const cobr of parsed.data.cobsr) {
        await applyRecurringChargeState(cobr, "webhook", now);
      }
    }
    return { status: 200 };
  } catch (error) {
    getLogger().error({ err: error, kind }, "pix automatico webhook not applied");
    return { status: 503 };
  }
}
