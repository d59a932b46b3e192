import { data } from "react-router";
import type { FieldErrors } from "../../platform/http/parse-form.ts";
import type { ActionResult } from "./action-result.ts";
import type { AdminFormRefusal } from "./form.server.ts";

export function actionOk() {
  return data<ActionResult>({ ok: true });
}

export function actionFailed(
  status: number,
  error: string,
  extra: {
    fieldErrors?: FieldErrors;
    email?: string;
    values?: Record<string, string>;
    sessionExpired?: true;
    headers?: HeadersInit;
  } = {},
) {
  const { headers, ...rest } = extra;
  return data<ActionResult>({ ok: false, error, ...rest }, { status, headers });
}

/**
 * A form readAdminForm refused: 404 with `notFound[field]` when the field naming the row is
 * not a row id (as a row that does not exist), else its 4xx with the fields' messages and
 * what was typed, to fill the form again.
 */
export function formRefused(refusal: AdminFormRefusal, notFound: Record<string, string> = {}) {
  const { field } = refusal;
  if (field !== undefined && Object.hasOwn(notFound, field)) {
    return actionFailed(404, notFound[field]!);
  }
  return actionFailed(refusal.status, refusal.message, {
    fieldErrors: refusal.fieldErrors,
    values: refusal.values,
  });
}
