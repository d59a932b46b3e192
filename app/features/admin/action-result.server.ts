import { data } from "react-router";
import type { FieldErrors } from "../../lib/parse-form.ts";
import type { AdminActionResult } from "./intents.ts";

export function actionOk(intent: string) {
  return data<AdminActionResult>({ intent, ok: true });
}

export function actionFailed(
  intent: string,
  status: number,
  error: string,
  extra: {
    fieldErrors?: FieldErrors;
    email?: string;
    sessionExpired?: true;
    headers?: HeadersInit;
  } = {},
) {
  const { headers, ...rest } = extra;
  return data<AdminActionResult>({ intent, ok: false, error, ...rest }, { status, headers });
}
