// Setup after payment (issue 23, docs/decisions/155): the person's form, then staff's two
// steps, "VPS configurada" and "agente em operação". Every step is an audit row of the order.
import { and, asc, eq, inArray, isNull, like, lt } from "drizzle-orm";
import { z } from "zod";
import { orderEvents, orders, orderSetups, orderTokens, waitlist } from "../../../db/schema.ts";
import { setupFormCopy } from "../../content/orders.ts";
import { withTransaction, type Executor } from "../../platform/db/db.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { parseForm } from "../../platform/http/parse-form.ts";
import type { FormEntries } from "../../platform/http/read-form.server.ts";
import { businessMsBetween, yearsBetween } from "./business-hours.ts";
import { openCredential, parseCredentialKey, sealCredential } from "./credential.server.ts";
import { nationalHolidays } from "./holidays.server.ts";
import { SETUP_PROMISE_MAX_HOURS, SETUP_PROMISE_MIN_HOURS, tradingPlatforms } from "./model.ts";
import { orderIdByLink, type OrderLink } from "./order-view.server.ts";
import { queueSetupOverdue, queueSetupStep, queueSetupSubmitted } from "./order-mail.server.ts";
import { PERSON_ACTOR } from "./orders.server.ts";

const e = setupFormCopy.errors;

export const setupFormSchema = z.object({
  accountNumber: z
    .string()
    .trim()
    .regex(/^\d{4,20}$/, e.accountNumber),
  brokerServer: z.string().trim().min(2, e.brokerServer).max(100, e.brokerServer),
  platform: z.enum(tradingPlatforms, { error: e.platform }),
  whatsapp: z
    .string()
    .transform((value) => value.replace(/\D/g, ""))
    .pipe(z.string().regex(/^\d{10,13}$/, e.whatsapp)),
  credential: z
    .string()
    .max(200, e.credential)
    .optional()
    .transform((value) => value || null),
});

export type SetupForm = z.infer<typeof setupFormSchema>;

/** What was typed (the password excepted) and a message per field, to show the form again. */
export interface SetupFormErrors {
  values: Record<string, string>;
  errors: Record<string, string>;
}

/** The setup form as posted: valid, or what to show again (either page of the order). */
export function readSetupForm(
  form: FormEntries,
): { ok: true; form: SetupForm } | ({ ok: false } & SetupFormErrors) {
  const parsed = parseForm(setupFormSchema, form);
  if (parsed.success) return { ok: true, form: parsed.data };
  const values: Record<string, string> = {};
  for (const name of ["accountNumber", "brokerServer", "platform", "whatsapp"]) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value.slice(0, 200);
  }
  return { ok: false, values, errors: parsed.fieldErrors };
}

export function credentialKey(): Buffer | null {
  const configured = getEnv().SETUP_CREDENTIAL_KEY;
  return configured ? parseCredentialKey(configured) : null;
}

const REVEAL_REASON = "credencial exibida à equipe";

/**
 * The person's form, once, for a paid order awaiting it: from the order's page or from the
 * e-mailed setup link, which it spends (decision 183).
 */
export async function submitSetup(
  link: OrderLink,
  form: SetupForm,
  now: Date,
): Promise<"saved" | "gone"> {
  const key = credentialKey();
  return withTransaction(async (tx) => {
    const orderId = await orderIdByLink(tx, link);
    if (!orderId) return "gone";
    const updated = await tx
      .update(orderSetups)
      .set({
        state: "awaiting-vps",
        accountNumber: form.accountNumber,
        brokerServer: form.brokerServer,
        platform: form.platform,
        whatsapp: form.whatsapp,
        credentialSealed: form.credential && key ? sealCredential(form.credential, key) : null,
        submittedAt: now,
      })
      .where(and(eq(orderSetups.orderId, orderId), eq(orderSetups.state, "awaiting-form")))
      .returning({ orderId: orderSetups.orderId });
    if (updated.length === 0) return "gone";
    // The form is taken once: every setup link of the order is spent, whichever page sent it.
    await tx
      .update(orderTokens)
      .set({ usedAt: now })
      .where(and(eq(orderTokens.orderId, orderId), isNull(orderTokens.usedAt)));
    await tx.insert(orderEvents).values({
      orderId,
      actor: PERSON_ACTOR,
      at: now,
      fromState: "paid",
      toState: "paid",
      reason: "dados de configuração enviados",
    });
    await queueSetupSubmitted(tx, orderId, form);
    return "saved";
  });
}

export type SetupStep = "vps-ready" | "running";

/**
 * Staff's steps inside the caller's transaction; "agente em operação" erases the credential.
 * The sale (features/sales/setup-steps.server.ts) adds what each step changes for the robot.
 */
export async function advanceSetupIn(
  tx: Executor,
  orderId: string,
  step: SetupStep,
  staff: string,
  now: Date,
): Promise<"saved" | "wrong-state"> {
  const from = step === "vps-ready" ? "awaiting-vps" : "vps-ready";
  const updated = await tx
    .update(orderSetups)
    .set(
      step === "vps-ready"
        ? { state: "vps-ready", vpsReadyAt: now }
        : { state: "running", runningAt: now, credentialSealed: null },
    )
    .where(and(eq(orderSetups.orderId, orderId), eq(orderSetups.state, from)))
    .returning({ orderId: orderSetups.orderId });
  if (updated.length === 0) return "wrong-state";
  await tx.insert(orderEvents).values({
    orderId,
    actor: staff,
    at: now,
    fromState: "paid",
    toState: "paid",
    reason: step === "vps-ready" ? "VPS configurada" : "agente em operação; credencial apagada",
  });
  await queueSetupStep(tx, orderId, step);
  return "saved";
}

/** The robot was switched on for the first time: the setup's last step, if it is due. */
export const startRobotIn = (tx: Executor, orderId: string, staff: string, now: Date) =>
  advanceSetupIn(tx, orderId, "running", staff, now);

export type RevealResult =
  { ok: true; secret: string } | { ok: false; reason: "none" | "already-shown" | "no-key" };

/** Shows the credential to staff once, on request; the showing is an audit row. */
export async function revealCredential(
  orderId: string,
  staff: string,
  now: Date,
): Promise<RevealResult> {
  const key = credentialKey();
  return withTransaction(async (tx) => {
    const [setup] = await tx
      .select({ sealed: orderSetups.credentialSealed })
      .from(orderSetups)
      .where(eq(orderSetups.orderId, orderId))
      .for("update");
    if (!setup?.sealed) return { ok: false, reason: "none" };
    const [shown] = await tx
      .select({ id: orderEvents.id })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), like(orderEvents.reason, `${REVEAL_REASON}%`)));
    if (shown) return { ok: false, reason: "already-shown" };
    const secret = key ? openCredential(setup.sealed, key) : null;
    if (secret === null) return { ok: false, reason: "no-key" };
    await tx.insert(orderEvents).values({
      orderId,
      actor: staff,
      at: now,
      fromState: "paid",
      toState: "paid",
      reason: REVEAL_REASON,
    });
    return { ok: true, secret };
  });
}

export interface SetupQueueItem {
  orderId: string;
  reference: string;
  robotName: string;
  personName: string | null;
  personEmail: string | null;
  state: "awaiting-form" | "awaiting-vps" | "vps-ready";
  accountNumber: string | null;
  brokerServer: string | null;
  platform: string | null;
  whatsapp: string | null;
  hasCredential: boolean;
  submittedAt: Date | null;
  /** Business milliseconds since the form was sent (São Paulo hours, national holidays off). */
  businessMs: number;
  overdue: boolean;
  pastMinimum: boolean;
}

/** /admin/implantacao: every paid order whose robot is not running yet, the longest waiting first. */
export async function setupQueue(now: Date): Promise<SetupQueueItem[]> {
  const rows = await withTransaction((tx) =>
    tx
      .select({
        orderId: orders.id,
        reference: orders.reference,
        robotName: orders.robotName,
        personName: waitlist.name,
        personEmail: waitlist.email,
        state: orderSetups.state,
        accountNumber: orderSetups.accountNumber,
        brokerServer: orderSetups.brokerServer,
        platform: orderSetups.platform,
        whatsapp: orderSetups.whatsapp,
        sealed: orderSetups.credentialSealed,
        submittedAt: orderSetups.submittedAt,
        paidAt: orders.paidAt,
      })
      .from(orderSetups)
      .innerJoin(orders, eq(orders.id, orderSetups.orderId))
      .leftJoin(waitlist, eq(waitlist.id, orders.waitlistId))
      .where(
        and(
          eq(orders.state, "paid"),
          inArray(orderSetups.state, ["awaiting-form", "awaiting-vps", "vps-ready"]),
        ),
      )
      .orderBy(asc(orderSetups.submittedAt), asc(orders.paidAt)),
  );
  const earliest = rows.reduce<Date>(
    (min, row) => (row.submittedAt && row.submittedAt < min ? row.submittedAt : min),
    now,
  );
  const holidays = await nationalHolidays(yearsBetween(earliest, now));
  const hour = 3_600_000;
  return rows.map(({ sealed, paidAt: _paidAt, ...row }) => {
    const businessMs = row.submittedAt ? businessMsBetween(row.submittedAt, now, holidays) : 0;
    return {
      ...row,
      state: row.state as SetupQueueItem["state"],
      hasCredential: sealed !== null,
      businessMs,
      overdue: businessMs > SETUP_PROMISE_MAX_HOURS * hour,
      pastMinimum: businessMs > SETUP_PROMISE_MIN_HOURS * hour,
    };
  });
}

const HOUR_MS = 3_600_000;

/**
 * The VPS promise (2 to 4 business hours from the form): each setup still awaiting its VPS
 * past 4 business hours e-mails staff once (docs/decisions/346). Wall-clock time bounds
 * business time, so only forms older than 4 hours are read. Returns how many were e-mailed.
 */
export async function notifyOverdueSetups(now: Date): Promise<number> {
  const limitMs = SETUP_PROMISE_MAX_HOURS * HOUR_MS;
  const candidates = await withTransaction((tx) =>
    tx
      .select({ orderId: orderSetups.orderId, submittedAt: orderSetups.submittedAt })
      .from(orderSetups)
      .where(
        and(
          eq(orderSetups.state, "awaiting-vps"),
          isNull(orderSetups.overdueNotifiedAt),
          lt(orderSetups.submittedAt, new Date(now.getTime() - limitMs)),
        ),
      ),
  );
  if (candidates.length === 0) return 0;
  const earliest = candidates.reduce<Date>(
    (min, row) => (row.submittedAt && row.submittedAt < min ? row.submittedAt : min),
    now,
  );
  const holidays = await nationalHolidays(yearsBetween(earliest, now));
  let sent = 0;
  for (const { orderId, submittedAt } of candidates) {
    if (!submittedAt || businessMsBetween(submittedAt, now, holidays) <= limitMs) continue;
    const marked = await withTransaction(async (tx) => {
      const [row] = await tx
        .update(orderSetups)
        .set({ overdueNotifiedAt: now })
        .where(
          and(
            eq(orderSetups.orderId, orderId),
            eq(orderSetups.state, "awaiting-vps"),
            isNull(orderSetups.overdueNotifiedAt),
          ),
        )
        .returning({ orderId: orderSetups.orderId });
      if (row) await queueSetupOverdue(tx, orderId, submittedAt);
      return row !== undefined;
    });
    if (marked) sent += 1;
  }
  return sent;
}
