import type { FieldErrors } from "../../platform/http/parse-form.ts";

/**
 * The one result every admin action answers with: success, or the reason with typed field
 * errors (`Field` is the union of the form's field names).
 */
export type ActionResult<Field extends string = string> =
  | { ok: true }
  | {
      ok: false;
      error: string;
      fieldErrors?: Partial<Record<Field, string>> & FieldErrors;
      /** What the person typed in the login's e-mail field, to keep it after a failure. */
      email?: string;
      /** What a refused form sent, to fill it again (nothing typed is lost). */
      values?: Record<string, string>;
      /** The action was refused for want of a session (401): the page should show the login. */
      sessionExpired?: true;
    };
