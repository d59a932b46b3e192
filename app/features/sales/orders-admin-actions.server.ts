// The actions of /admin/pedidos, whose moves are the sale's (the admin layout checked the session); `staff` is the
// admin's e-mail, written in every audit row.
import { href, redirect } from "react-router";
import type { z } from "zod";
import { orderStateLabels, ordersAdminCopy as copy } from "../../content/orders.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { formReadMessages } from "../../content/http-errors.ts";
import type { FormEntries } from "../../platform/http/read-form.server.ts";
import { type AdminFormRead, parseAdminForm, readAdminForm } from "../admin/form.server.ts";
import { actionFailed, actionOk, formRefused } from "../admin/action-result.server.ts";
import { orderIntents } from "../orders/intents.ts";
import {
  currentExchangeRate,
  markPaymentLinkSent,
  setEarlyDiscount,
  setExchangeRate,
} from "../orders/orders.server.ts";
import { statementErrorText } from "../orders/statement-problem.ts";
import { STATEMENT_UPLOAD_MAX_BYTES } from "../orders/upload-limit.ts";
import { ordersFormSchema, ordersTypedFields } from "./admin-forms.server.ts";
import { cancelOrder } from "./cancel.server.ts";
import { markOrderPaid } from "./pay.server.ts";
import { applyStatementImport, previewStatement } from "./statement-import.server.ts";

/** A hidden id that is no row id names no row. */
const notFound = { robotId: copy.notFound, orderId: copy.notFound, importId: copy.notFound };

type OrdersForm = AdminFormRead<z.output<typeof ordersFormSchema>>;

/**
 * The form of an /admin/pedidos action, through the one admin pipeline. A statement upload
 * is multipart with a file in any encoding (OFX 1.x is Latin-1), which the strict UTF-8 form
 * reader would refuse: it is read as multipart here, its text fields go through the same
 * schema and the file's bytes are judged by the statement parser.
 */
async function readOrdersForm(request: Request): Promise<{ read: OrdersForm; form?: FormEntries }> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    return {
      read: await readAdminForm(request, ordersFormSchema, copy.invalidRequest, ordersTypedFields),
    };
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > STATEMENT_UPLOAD_MAX_BYTES) {
    return { read: { ok: false, status: 413, message: copy.importErrors["too-large"] } };
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { read: { ok: false, status: 400, message: formReadMessages.unreadable } };
  }
  return {
    read: parseAdminForm(form, ordersFormSchema, copy.invalidRequest, ordersTypedFields),
    form,
  };
}

export async function ordersAction(request: Request, staff: string) {
  const { read, form: multipart } = await readOrdersForm(request);
  if (!read.ok) return formRefused(read, notFound);
  const form = read.data;
  const now = appNow();
  switch (form.intent) {
    case orderIntents.setRate: {
      // Replacing the Banco Central's PTAX takes a reason, kept with the rate (decision 354).
      const current = await currentExchangeRate(await getDb());
      if (current?.source === "ptax" && !form.reason) {
        return actionFailed(400, copy.rateReasonMissing, {
          fieldErrors: { reason: copy.rateReasonMissing },
          values: read.values,
        });
      }
      await setExchangeRate(form.rate, staff, now, { source: "staff", reason: form.reason });
      return actionOk();
    }
    case orderIntents.setEarly: {
      const early = { basisPoints: form.percent, months: form.months };
      const saved = await setEarlyDiscount(form.robotId, early, staff, now);
      return saved ? actionOk() : actionFailed(404, copy.notFound);
    }
    case orderIntents.clearEarly:
      return (await setEarlyDiscount(form.robotId, null, staff, now))
        ? actionOk()
        : actionFailed(404, copy.notFound);
    case orderIntents.markPaid: {
      const { method, reference, note } = form;
      const result = await markOrderPaid(form.orderId, { method, reference, note }, staff, now);
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
      const outcome = await markPaymentLinkSent(form.orderId, staff, now);
      if (outcome === "recorded") return actionOk();
      return outcome === "not-requested"
        ? actionFailed(409, copy.linkNotRequested)
        : actionFailed(404, copy.notFound);
    }
    case orderIntents.cancel: {
      const result = await cancelOrder(form.orderId, staff, form.reason, now);
      if (result.outcome === "closed") return actionOk();
      if (result.outcome === "wrong-state") {
        return actionFailed(409, result.message);
      }
      return actionFailed(404, copy.notFound);
    }
    case orderIntents.importStatement: {
      const file = multipart?.get("statement");
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
      const result = await applyStatementImport(form.importId, staff, now);
      if (result.outcome === "already-applied") return actionFailed(409, copy.alreadyApplied);
      if (result.outcome === "not-found") return actionFailed(404, copy.notFound);
      return actionOk();
    }
  }
}
