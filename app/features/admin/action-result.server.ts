import { data } from "react-router";
import type { FieldErrors } from "../../platform/http/parse-form.ts";
import type { ActionResult } from "./action-result.ts";

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
