// /admin/frota's service-credit forms (decisions 394-395): what the loader shows and what each
// post does. A refused form answers 4xx with its message and the values typed.
import { maintenanceAdminCopy as copy } from "../../content/service-credit.ts";
import { ADMIN_FORM_MAX_BYTES } from "../admin/form.server.ts";
import { parseForm } from "../../platform/http/parse-form.ts";
import { readForm } from "../../platform/http/read-form.server.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { creditFormSchemas } from "./credit-schema.ts";
import {
  cancelMaintenance,
  currentThreshold,
  declareMaintenance,
  listMaintenance,
  setCreditThreshold,
  type MaintenanceWindow,
} from "./service-credit.server.ts";

export interface CreditSettings {
  thresholdMinutes: number;
  /** Who set it, null for the default. */
  setBy: string | null;
  /** Under way or ahead; only one ahead can be cancelled. */
  windows: (MaintenanceWindow & { cancellable: boolean })[];
}

export async function creditSettings(now: Date): Promise<CreditSettings> {
  const db = await getDb();
  const threshold = await currentThreshold(db);
  return {
    thresholdMinutes: threshold.minutes,
    setBy: threshold.setBy,
    windows: (await listMaintenance(now, db)).map((window) => ({
      ...window,
      cancellable: window.startsAt > now,
    })),
  };
}

export interface CreditFormAnswer {
  ok: boolean;
  status: 200 | 400 | 404 | 409 | 413 | 415;
  message: string;
  /** What was typed, to fill the form again when it is refused. */
  values?: Record<string, string>;
}

export async function submitCreditForm(
  request: Request,
  staff: string,
  now: Date,
): Promise<CreditFormAnswer> {
  const read = await readForm(request, ADMIN_FORM_MAX_BYTES);
  if (!read.ok) return { ok: false, status: read.status, message: read.message };
  const values: Record<string, string> = {};
  for (const [key, value] of read.form) if (typeof value === "string") values[key] ??= value;
  const intent = values.intent;
  if (intent !== "limite" && intent !== "janela" && intent !== "cancelar") {
    return { ok: false, status: 400, message: copy.invalidRequest };
  }
  const parsed = parseForm(creditFormSchemas[intent], read.form);
  if (!parsed.success) return { ok: false, status: 400, message: parsed.error, values };
  const form = parsed.data;
  switch (form.intent) {
    case "limite":
      await setCreditThreshold(form.hours, staff, now);
      return { ok: true, status: 200, message: copy.threshold.saved };
    case "janela": {
      const outcome = await declareMaintenance(
        { from: form.startsAt, to: form.endsAt, reason: form.reason },
        staff,
        now,
      );
      if (outcome === "declared") return { ok: true, status: 200, message: copy.window.declared };
      const message = outcome === "starts-in-past" ? copy.window.startsInPast : copy.window.tooLong;
      return { ok: false, status: 400, message, values };
    }
    case "cancelar":
      return (await cancelMaintenance(form.id, now))
        ? { ok: true, status: 200, message: copy.list.cancelled }
        : { ok: false, status: 409, message: copy.list.notCancelled };
  }
}
