// The worker's side of the API Pix (docs/decisions/352-353): it registers the webhook, creates
// the charges nobody's page created (orders' cob, renewals' cobv), sends the refunds staff
// made (devolucao), and, as the safety net of a late or lost webhook, asks
// the PSP what it received (GET /pix over the last window, GET /cob of charges long unpaid);
// and it applies the Pix the webhook stored (decision 440).
import { and, asc, eq, lte } from "drizzle-orm";
import { orders, pixCharges } from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import { defineJob } from "../../platform/jobs/registry.ts";
import { apiPix, apiPixConfig, type ApiPixClient } from "../../platform/payments/api-pix.server.ts";
import { sendPixRefunds } from "../sales/pix-refunds.server.ts";
import { createDueRenewalCharges } from "../sales/renewal-due-charges.server.ts";
import { createDueCharges } from "./pix-charges.server.ts";
import { applyStoredPix, PIX_INBOX_BATCH } from "./pix-inbox.server.ts";
import { receivePix } from "./pix-receipts.server.ts";

/** Polling looks back this much before its last run, so a Pix the PSP lists late is seen. */
const POLL_OVERLAP_MS = 10 * 60_000;
/** A worker that starts looks back a day. */
const FIRST_WINDOW_MS = 24 * 3_600_000;
/** Charges unpaid this long after creation are asked about one by one (GET /cob). */
const COB_CHECK_AFTER_MS = 60_000;
const COB_CHECKS_PER_RUN = 50;

let webhookRegistered = false;
let polledUntil: Date | null = null;

/** The URL the PSP posts to (its callback adds /pix): ours, with the secret. */
export function pixWebhookUrl(secret: string): string {
  // The callbacks are …/:secret/:kind (PSP_CALLBACK_PATH); the PSP is given their parent.
  return `${getEnv().SITE_URL}/webhooks/pix/${encodeURIComponent(secret)}`;
}

/** One round of reconciliation: what the PSP received that we have not applied. */
export async function reconcilePix(now: Date, client: ApiPixClient): Promise<number> {
  const since = polledUntil
    ? new Date(polledUntil.getTime() - POLL_OVERLAP_MS)
    : new Date(now.getTime() - FIRST_WINDOW_MS);
  const received = await client.receivedPix(since, now);
  const outcomes = await receivePix(received, "poll", now);
  polledUntil = now;
  const db = await getDb();
  const unpaid = await db
    .select({ txid: pixCharges.txid })
    .from(pixCharges)
    .innerJoin(orders, eq(orders.id, pixCharges.orderId))
    .where(
      and(
        eq(pixCharges.state, "active"),
        eq(orders.state, "awaiting-payment"),
        lte(pixCharges.activeAt, new Date(now.getTime() - COB_CHECK_AFTER_MS)),
      ),
    )
    .orderBy(asc(pixCharges.activeAt))
    .limit(COB_CHECKS_PER_RUN);
  for (const { txid } of unpaid) {
    const cob = await client.getCob(txid);
    if (cob?.pix?.length) outcomes.push(...(await receivePix(cob.pix, "poll", now)));
  }
  return outcomes.filter((outcome) => outcome !== "repeat").length;
}

export const apiPixJob = defineJob({
  name: "api-pix",
  recurring: true,
  async run({ now }) {
    const client = apiPix();
    const config = apiPixConfig();
    const poll = getEnv().PIX_API_POLL_MS;
    if (!client || !config) return new Date(now.getTime() + 3_600_000);
    const log = getLogger();
    try {
      if (!webhookRegistered) {
        await client.registerWebhook(pixWebhookUrl(config.webhookSecret));
        webhookRegistered = true;
      }
      const nextCharge = await createDueCharges(now, client);
      const nextRenewal = await createDueRenewalCharges(now, client);
      const nextRefund = await sendPixRefunds(now, client);
      const seen = await reconcilePix(now, client);
      if (seen > 0) log.info({ seen }, "pix reconciled by polling");
      const next = Math.min(
        now.getTime() + poll,
        ...[nextCharge, nextRenewal, nextRefund].map((at) => at?.getTime() ?? Infinity),
      );
      return new Date(Math.max(now.getTime() + 1000, next));
    } catch (error) {
      log.warn({ err: error instanceof Error ? error.message : error }, "api pix round failed");
      return new Date(now.getTime() + poll);
    }
  },
});

/** How soon the worker looks for Pix the webhook stored, while the API Pix is on. */
const INBOX_POLL_MS = 250;
/** A round gives the other jobs their turn after this long (it is due again at once). */
const INBOX_ROUND_MS = 1_000;

export const pixInboxJob = defineJob({
  name: "pix-inbox",
  recurring: true,
  async run({ now }) {
    const started = performance.now();
    const at = () => new Date(now.getTime() + performance.now() - started);
    while (performance.now() - started < INBOX_ROUND_MS) {
      const applied = await applyStoredPix(at());
      if (applied.length < PIX_INBOX_BATCH) {
        const wait = apiPixConfig() ? INBOX_POLL_MS : 3_600_000;
        return new Date(at().getTime() + wait);
      }
    }
    return at();
  },
});
