// /admin/campanhas: drafts, the audience's exact count, a test to the staff member, send now
// or schedule, cancel, and each campaign's figures (docs/decisions/163).
import { randomUUID } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import { campaigns } from "../../../db/schema.ts";
import { campaignEmailCopy, campaignsAdminCopy as copy } from "../../content/campaigns.ts";
import { getDb, type Database } from "../../platform/db/db.server.ts";
import { rowsOf } from "../../platform/db/rows.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { parseForm } from "../../platform/http/parse-form.ts";
import { messageIdFor } from "../../platform/jobs/worker.server.ts";
import { renderContent } from "../../platform/mail/render.server.ts";
import { createTransport } from "../../platform/mail/transport.server.ts";
import { getSiteConfig } from "../../lib/site-config.server.ts";
import type { FormEntries } from "../../platform/http/read-form.server.ts";
import { newToken } from "../email/tokens.server.ts";
import { audienceFilterKeys } from "./audience-keys.ts";
import { campaignIntents } from "./intents.ts";
import { audienceFilterOf, countAudience } from "./audience.server.ts";
import type { CampaignAudience } from "./model.ts";
import { campaignBody, campaignMessage, type CampaignBody } from "./render.server.tsx";
import {
  campaignDraftSchema,
  saoPauloInstant,
  sendingErrors,
  type CampaignDraft,
} from "./schema.ts";
import { campaignFigures } from "./figures.server.ts";
import { startCampaign } from "./queue.server.ts";

export interface CampaignActionResult {
  ok: boolean;
  notice?: string;
  error?: string;
  fieldErrors?: Record<string, string>;
  /** A new draft's id, to open it. */
  createdId?: string;
}

export async function listCampaigns() {
  const db = await getDb();
  return db
    .select({
      id: campaigns.id,
      kind: campaigns.kind,
      subject: campaigns.subject,
      status: campaigns.status,
      createdAt: campaigns.createdAt,
      scheduledAt: campaigns.scheduledAt,
      startedAt: campaigns.startedAt,
    })
    .from(campaigns)
    .orderBy(desc(campaigns.createdAt))
    .limit(100);
}

export async function loadCampaign(id: string) {
  const db = await getDb();
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!campaign) return null;
  const draft = campaign.status === "draft";
  const filter = audienceFilterOf(campaign.waitlistFilter);
  return {
    campaign,
    // Before sending: exactly who it reaches now. After: the recipients written when it began.
    reach: draft ? await countAudience(db, campaign.audience, filter) : null,
    stats: draft ? null : await campaignFigures(db, id),
  };
}

function readDraft(form: FormEntries) {
  return parseForm(campaignDraftSchema, form) as
    | { success: true; data: CampaignDraft }
    | { success: false; error: string; fieldErrors: Record<string, string> };
}

/** Saves the draft's fields; false when the campaign is no longer a draft. */
async function saveDraft(db: Database, id: string, draft: CampaignDraft): Promise<boolean> {
  const filter = Object.fromEntries(
    audienceFilterKeys.flatMap((key) => (draft[key] ? [[key, draft[key]]] : [])),
  );
  const updated = await db
    .update(campaigns)
    .set({
      subject: draft.subject,
      previewText: draft.previewText,
      body: draft.body,
      audience: draft.audience,
      waitlistFilter: filter,
      updatedAt: sql`now()`,
    })
    .where(sql`${campaigns.id} = ${id} and ${campaigns.status} = 'draft'`)
    .returning({ id: campaigns.id });
  return updated.length > 0;
}

const failed = (error: string, fieldErrors?: Record<string, string>) => ({
  status: 400,
  result: { ok: false, error, fieldErrors } satisfies CampaignActionResult,
});

export async function campaignAction(
  form: FormEntries,
  staffEmail: string,
): Promise<{ status: number; result: CampaignActionResult }> {
  const db = await getDb();
  const intent = form.get("intent");
  if (intent === campaignIntents.create) {
    const [created] = await db
      .insert(campaigns)
      .values({ createdBy: staffEmail })
      .returning({ id: campaigns.id });
    return { status: 200, result: { ok: true, createdId: created!.id } };
  }
  const id = form.get("id");
  if (typeof id !== "string" || !/^[0-9a-f-]{36}$/i.test(id)) {
    return { status: 400, result: { ok: false, error: copy.errors.invalidRequest } };
  }
  if (intent === campaignIntents.cancel) return cancelCampaign(db, id, staffEmail);

  const read = readDraft(form);
  if (!read.success) return failed(copy.errors.fixFields, read.fieldErrors);
  const draft = read.data;
  const filter = audienceFilterOf(
    Object.fromEntries(audienceFilterKeys.map((key) => [key, draft[key]])),
  );
  // A filter value /admin/lista would refuse is refused here too, before anything is saved.
  const filterCheck = audienceFilterKeys.find(
    (key) => draft[key] && !(key in filter) && draft.audience !== "newsletter",
  );
  if (filterCheck)
    return failed(copy.errors.invalidFilter, { [filterCheck]: copy.errors.invalidFilter });
  if (!(await saveDraft(db, id, draft))) {
    return { status: 409, result: { ok: false, error: copy.notEditable } };
  }
  if (intent === campaignIntents.save)
    return { status: 200, result: { ok: true, notice: copy.saved } };

  const missing = sendingErrors(draft);
  if (Object.keys(missing).length > 0) return failed(copy.errors.fixFields, missing);
  const body = await campaignBody(draft);
  if (!body) {
    return failed(copy.errors.bodyUnrenderable, { body: copy.errors.bodyUnrenderable });
  }

  if (intent === campaignIntents.test) {
    await sendTest(db, body, staffEmail);
    return { status: 200, result: { ok: true, notice: copy.testSent(staffEmail) } };
  }

  const reach = await countAudience(db, draft.audience as CampaignAudience, filter);
  if (reach === 0)
    return failed(copy.errors.audienceEmpty, { audience: copy.errors.audienceEmpty });

  if (intent === campaignIntents.send) {
    const count = await startCampaign(db, id, "draft");
    if (count === null) return { status: 409, result: { ok: false, error: copy.notEditable } };
    return { status: 200, result: { ok: true, notice: copy.started(count) } };
  }
  if (intent === campaignIntents.schedule) {
    const at = saoPauloInstant(draft.scheduledAt);
    if (!at)
      return failed(copy.errors.scheduleRequired, { scheduledAt: copy.errors.scheduleRequired });
    if (at.getTime() <= Date.now()) {
      return failed(copy.errors.schedulePast, { scheduledAt: copy.errors.schedulePast });
    }
    await db
      .update(campaigns)
      .set({ status: "scheduled", scheduledAt: at, updatedAt: sql`now()` })
      .where(sql`${campaigns.id} = ${id} and ${campaigns.status} = 'draft'`);
    return { status: 200, result: { ok: true, notice: copy.scheduled } };
  }
  return { status: 400, result: { ok: false, error: copy.errors.invalidRequest } };
}

/**
 * The campaign as its recipients will see it, to the staff member: rendered by the same
 * component, sent now through a transport of its own (the worker's pool may be in another
 * process). Its unsubscribe link is a fresh token that was never stored: it leads nowhere.
 */
async function sendTest(db: Database, body: CampaignBody, staffEmail: string) {
  const { siteUrl, contactEmail } = getSiteConfig();
  const content = campaignMessage(
    { ...body, subject: `${campaignEmailCopy.testPrefix}${body.subject}` },
    newToken().token,
    { siteUrl, contactEmail },
  );
  const transport = createTransport(getEnv(), db);
  try {
    const id = randomUUID();
    await transport.send({
      id,
      messageId: messageIdFor(id, new URL(siteUrl).hostname),
      to: staffEmail,
      ...renderContent("marketing", content),
      linkTokens: [],
    });
  } finally {
    transport.close();
  }
}

/** Cancels a scheduled or sending campaign: messages not yet sent never go. */
async function cancelCampaign(db: Database, id: string, staffEmail: string) {
  const cancelled = await db.transaction(async (tx) => {
    const rows = rowsOf(
      await tx.execute(sql`
        update campaigns set status = 'cancelled', cancelled_at = now(),
          cancelled_by = ${staffEmail}, updated_at = now()
        where id = ${id} and status in ('scheduled', 'sending')
        returning id`),
    );
    if (rows.length === 0) return false;
    await tx.execute(sql`
      update campaign_messages set status = 'cancelled'
      where campaign_id = ${id} and status = 'pending'`);
    return true;
  });
  return cancelled
    ? { status: 200, result: { ok: true, notice: copy.cancelled } }
    : { status: 409, result: { ok: false, error: copy.notCancellable } };
}
