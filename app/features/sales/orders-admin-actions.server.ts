// The actions of /admin/pedidos, whose moves are the sale's (the admin layout checked the session); `staff` is the
// admin's e-mail, written in every audit row.
import { href, redirect } from "react-router";
import { orderStateLabels, ordersAdminCopy as copy } from "../../content/orders.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { formReadMessages } from "../../content/http-errors.ts";
import {
  readForm,
  type FormEntries,
  type FormReadResult,
} from "../../platform/http/read-form.server.ts";
import { ADMIN_FORM_MAX_BYTES } from "../admin/form.server.ts";
import { actionFailed, actionOk } from "../admin/action-result.server.ts";
import { rowId } from "../admin/schema-fields.ts";
import { orderIntents } from "../orders/intents.ts";
import { paymentMethods, type PaymentMethod } from "../orders/model.ts";
import { parseDecimal, parseExchangeRate } from "../orders/money.ts";
import {
  currentExchangeRate,
  markPaymentLinkSent,
  setEarlyDiscount,
  setExchangeRate,
} from "../orders/orders.server.ts";
import { statementErrorText } from "../orders/statement-problem.ts";
import { STATEMENT_UPLOAD_MAX_BYTES } from "../orders/upload-limit.ts";
import { cancelOrder } from "./cancel.server.ts";
import { markOrderPaid } from "./pay.server.ts";
import { applyStatementImport, previewStatement } from "./statement-import.server.ts";

const TEXT_MAX = 500;

function text(form: FormEntries, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim().slice(0, TEXT_MAX) : "";
}

function id(form: FormEntries, name: string): string | null {
  const parsed = rowId.safeParse(form.get(name));
  return parsed.success ? parsed.data : null;
}

/**
 * The form of an /admin/pedidos action. A statement upload is multipart with a file in any
 * encoding (OFX 1.x is Latin-1), which the strict UTF-8 form reader would refuse: it is read
 * as multipart here and the file's bytes are judged by the statement parser.
 */
export async function readOrdersForm(request: Request): Promise<FormReadResult> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    return readForm(request, ADMIN_FORM_MAX_BYTES);
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > STATEMENT_UPLOAD_MAX_BYTES) {
    return { ok: false, status: 413, message: copy.importErrors["too-large"] };
  }
  try {
    return { ok: true, form: await request.formData() };
  } catch {
    return { ok: false, status: 400, message: formReadMessages.unreadable };
  }
}

export async function ordersAction(form: FormEntries, staff: string) {
  const now = appNow();
  switch (form.get("intent")) {
    case orderIntents.setRate: {
      const parsed = parseExchangeRate(text(form, "rate"));
      if (!parsed.ok) {
        const message = parsed.reason === "invalid" ? copy.rateInvalid : copy.rateOutOfRange;
        return actionFailed(400, message, { fieldErrors: { rate: message } });
      }
      // Replacing the Banco Central's PTAX takes a reason, kept with the rate (decision 354).
      const reason = text(form, "reason").trim().slice(0, 500);
      const current = await currentExchangeRate(await getDb());
      if (current?.source === "ptax" && !reason) {
        return actionFailed(400, copy.rateReasonMissing, {
          fieldErrors: { reason: copy.rateReasonMissing },
        });
      }
      await setExchangeRate(parsed.rate, staff, now, { source: "staff", reason: reason || null });
      return actionOk();
    }
    case orderIntents.setEarly: {
      const robotId = id(form, "robotId");
      if (!robotId) return actionFailed(404, copy.notFound);
      // Percent with up to two decimals, as basis points.
      const basisPoints = parseDecimal(text(form, "percent"), 2);
      const months = Number(text(form, "months"));
      if (basisPoints === null || basisPoints < 1 || basisPoints > 10_000) {
        return actionFailed(400, copy.earlyInvalidPercent, {
          fieldErrors: { percent: copy.earlyInvalidPercent },
        });
      }
      if (!Number.isInteger(months) || months < 1 || months > 120) {
        return actionFailed(400, copy.earlyInvalidMonths, {
          fieldErrors: { months: copy.earlyInvalidMonths },
        });
      }
      const saved = await setEarlyDiscount(robotId, { basisPoints, months }, staff, now);
      return saved ? actionOk() : actionFailed(404, copy.notFound);
    }
    case orderIntents.clearEarly: {
      const robotId = id(form, "robotId");
      if (!robotId) return actionFailed(404, copy.notFound);
      return (await setEarlyDiscount(robotId, null, staff, now))
        ? actionOk()
        : actionFailed(404, copy.notFound);
    }
    case orderIntents.markPaid: {
      const orderId = id(form, "orderId");
      if (!orderId) return actionFailed(404, copy.notFound);
      const method = text(form, "method");
      if (!(paymentMethods as readonly string[]).includes(method)) {
        return actionFailed(400, copy.invalidRequest);
      }
      const reference = text(form, "reference");
      if (!reference) {
        return actionFailed(400, copy.referenceRequired, {
          fieldErrors: { reference: copy.referenceRequired },
        });
      }
      const result = await markOrderPaid(
        orderId,
        { method: method as PaymentMethod, reference, note: text(form, "note") || null },
        staff,
        now,
      );
      switch (result.outcome) {
        case "paid":
          return actionOk();
        case "already-paid":
          return actionFailed(409, copy.alreadyPaid);
        case "not-payable":
          return actionFailed(409, copy.notPayable(orderStateLabels[result.state!]));
        default:
          return actionFailed(404, copy.notFound);
      }
    }
    case orderIntents.markLinkSent: {
      const orderId = id(form, "orderId");
      if (!orderId) return actionFailed(404, copy.notFound);
      const outcome = await markPaymentLinkSent(orderId, staff, now);
      if (outcome === "recorded") return actionOk();
      return outcome === "not-requested"
        ? actionFailed(409, copy.linkNotRequested)
        : actionFailed(404, copy.notFound);
    }
    case orderIntents.cancel: {
      const orderId = id(form, "orderId");
      if (!orderId) return actionFailed(404, copy.notFound);
      const reason = text(form, "reason");
      if (!reason) {
        return actionFailed(400, copy.reasonRequired, {
          fieldErrors: { reason: copy.reasonRequired },
        });
      }
      const result = await cancelOrder(orderId, staff, reason, now);
      if (result.outcome === "closed") return actionOk();
      if (result.outcome === "wrong-state") {
        return actionFailed(409, result.message);
      }
      return actionFailed(404, copy.notFound);
    }
    case orderIntents.importStatement: {
      const file = form.get("statement");
      if (!(file instanceof File) || file.size === 0) {
        return actionFailed(400, copy.importErrors.missing);
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      const result = await previewStatement(bytes, staff, getEnv().BANK_ACCOUNT, now);
      if (!result.ok) {
        const status = result.error.code === "too-large" ? 413 : 400;
        return actionFailed(status, statementErrorText(result.error));
      }
      throw redirect(`${href("/admin/pedidos")}?extrato=${result.importId}`);
    }
    case orderIntents.applyImport: {
      const importId = id(form, "importId");
      if (!importId) return actionFailed(404, copy.notFound);
      const result = await applyStatementImport(importId, staff, now);
      if (result.outcome === "already-applied") return actionFailed(409, copy.alreadyApplied);
      if (result.outcome === "not-found") return actionFailed(404, copy.notFound);
      return actionOk();
    }
    default:
      return actionFailed(400, copy.invalidRequest);
  }
}
