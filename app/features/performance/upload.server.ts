import { data, href, redirect } from "react-router";
import { formReadMessages } from "../../content/http-errors.ts";
import { performanceAdminCopy, statementProblemMessage } from "../../content/performance.ts";
import { parseForm } from "../../platform/http/parse-form.ts";
import { readForm, type FormEntries } from "../../platform/http/read-form.server.ts";
import type { FieldErrors } from "../../platform/http/parse-form.ts";
import { ADMIN_FORM_MAX_BYTES } from "../admin/form.server.ts";
import { rowId } from "../admin/schema-fields.ts";
import { TRADING_STATEMENT_BODY_MAX_BYTES, STATEMENT_MAX_BYTES } from "./limits.ts";
import { publishStatement, saveStatement, withdrawRecord } from "./queries.server.ts";
import { statementUploadSchema } from "./schema.ts";
import { readStatementUpload } from "./statement-analysis.server.ts";
import { safeStatementFileName } from "./statement-file-name.ts";

const { errors } = performanceAdminCopy;

const pagePath = (robotId: string) => href("/admin/robos/:id/desempenho", { id: robotId });

/** What the form had, so a refused upload keeps what staff typed (the file aside). */
function typedFields(form: FormEntries): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of ["accountKind", "broker", "serverClock", "currency"]) {
    const value = form.get(name);
    if (typeof value === "string") kept[name] = value.slice(0, 200);
  }
  return kept;
}

/** A refused post: the message, the field it belongs to, and what was typed. */
export interface PerformanceActionFailure {
  ok: false;
  error: string;
  fieldErrors: FieldErrors;
  values: Record<string, string>;
}

function failed(status: number, error: string, fieldErrors: FieldErrors, form?: FormEntries) {
  const body: PerformanceActionFailure = {
    ok: false,
    error,
    fieldErrors,
    values: form ? typedFields(form) : {},
  };
  return data(body, { status });
}

function refused(status: number, message: string, form?: FormEntries, field = "file") {
  return failed(status, message, { [field]: message }, form);
}

/**
 * One action for the robot's performance page: a multipart post is an upload, any other a
 * publication. Success redirects to the page with the statement's preview.
 */
export async function performanceAction(request: Request, robotId: string, staffEmail: string) {
  const mediaType = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (mediaType === "multipart/form-data") return uploadAction(request, robotId, staffEmail);

  const read = await readForm(request, ADMIN_FORM_MAX_BYTES);
  if (!read.ok) return failed(read.status, read.message, {});
  if (read.form.get("intent") === "withdraw") {
    if (!(await withdrawRecord(robotId, staffEmail))) return failed(409, errors.nothingShown, {});
    return redirect(`${pagePath(robotId)}?retirado=1`);
  }
  const statementId = rowId.safeParse(read.form.get("statementId"));
  if (!statementId.success) return failed(404, errors.notFound, {});
  const published = await publishStatement(robotId, statementId.data, staffEmail);
  if (!published.ok && published.reason !== "not-combinable") {
    return failed(404, errors.notFound, {});
  }
  if (!published.ok) {
    const reason = statementProblemMessage(published.problem.problem);
    return failed(422, errors.notCombinable(reason), {});
  }
  return redirect(`${pagePath(robotId)}?extrato=${statementId.data}&publicado=1`);
}

async function uploadAction(request: Request, robotId: string, staffEmail: string) {
  // Read, parsed and analysed by the reader process (docs/decisions/265).
  const upload = await readStatementUpload(
    request.body,
    request.headers.get("content-type") ?? "",
    TRADING_STATEMENT_BODY_MAX_BYTES,
  );
  if (!upload.ok) {
    if (upload.status === 413) return refused(413, errors.tooLarge);
    if (upload.status === 422) return refused(422, statementProblemMessage(upload.problem));
    return refused(400, formReadMessages.unreadable);
  }
  const form = new URLSearchParams(upload.form.fields);

  const parsed = parseForm(statementUploadSchema, form);
  if (!parsed.success) {
    return failed(400, parsed.error, parsed.fieldErrors, form);
  }
  const { file } = upload.form;
  if (!file) return refused(400, errors.noFile, form);
  if (file.size > STATEMENT_MAX_BYTES) return refused(413, errors.tooLarge, form);
  // A valid form with a file within the limit is what the reader analyses.
  const statement = upload.analysis;
  if (!statement) throw new Error("the statement reader did not analyse the file");

  const input = parsed.data;
  if (!statement.ok) return refused(422, statementProblemMessage(statement.problem), form);
  const { header, computed } = statement;
  if (header.currency !== input.currency) {
    return refused(422, errors.currency(header.currency, input.currency), form, "currency");
  }
  if (header.declaredKind && header.declaredKind !== input.accountKind) {
    const kinds = performanceAdminCopy.accountKinds;
    return refused(
      422,
      errors.kind(kinds[header.declaredKind], kinds[input.accountKind]),
      form,
      "accountKind",
    );
  }
  if (!computed.ok) return refused(422, statementProblemMessage(computed.problem), form);

  if (!upload.bytes) throw new Error("the statement reader did not send the file back");
  const id = await saveStatement({
    robotId,
    fileName: safeStatementFileName(file.name),
    file: upload.bytes,
    sha256: statement.sha256,
    format: statement.format,
    accountKind: input.accountKind,
    broker: input.broker,
    serverClock: input.serverClock,
    currency: input.currency,
    record: computed.record,
    uploadedBy: staffEmail,
  });
  return redirect(`${pagePath(robotId)}?extrato=${id}&enviado=1`);
}
