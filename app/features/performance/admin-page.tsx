import { AccountKindSelect, CurrencySelect, ServerClockSelect } from "./account-selects.tsx";
import { Form, href, Link } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import {
  performanceAdminCopy as copy,
  reconciliationLabels,
  verifiedCopy,
} from "../../content/performance.ts";
import { signedStatementsAdminCopy } from "../../content/signed-statements.ts";
import { dateAndTime } from "../../lib/format.ts";
import { TextField } from "../admin/field.tsx";
import { formatCents, formatHundredths } from "./format.ts";
import type { ReconciliationLine } from "./model.ts";
import type { PerformanceActionFailure } from "./upload.server.ts";
import { VerifiedRecord, type VerifiedView } from "./verified-record.tsx";

// /admin/robos/:id/desempenho: upload a statement, check its preview, publish it; the
// history of every upload (issue 22). A plain form: it works before hydration too.

export interface HistoryEntry {
  id: string;
  fileName: string;
  sha256: string;
  size: number;
  format: string;
  accountKind: "real" | "demo";
  broker: string;
  serverClock: string;
  currency: string;
  reconciled: boolean;
  uploadedBy: string;
  uploadedAt: string;
  publishedAt: string | null;
}

export interface PreviewEntry extends VerifiedView {
  uploadedBy: string;
  accountName: string;
}

function when(iso: string): string {
  return dateAndTime(new Date(iso)).join(" ");
}

function amount(line: ReconciliationLine, value: number | null, currency: string): string {
  if (value === null) return verifiedCopy.noData;
  if (line.check === "profitFactor") return formatHundredths(value);
  if (line.check === "runningBalance") return String(value);
  return formatCents(value, currency);
}

export function PerformanceAdminPage({
  robot,
  history,
  preview,
  currentStatementId,
  flash,
  failure,
}: {
  robot: { id: string; name: string; slug: string };
  history: HistoryEntry[];
  preview: PreviewEntry | null;
  currentStatementId: string | null;
  flash: "uploaded" | "published" | "withdrawn" | null;
  failure: PerformanceActionFailure | null;
}) {
  const last = history[0];
  const values = failure?.values ?? {};
  const errors = failure?.fieldErrors ?? {};
  const fieldId = (name: string) => `extrato-${name}`;
  return (
    <section aria-labelledby="desempenho-titulo" className="space-y-8">
      <div>
        <Link to={href("/admin/robos")} className="text-sm text-muted-foreground underline">
          {copy.back}
        </Link>
        <h2 id="desempenho-titulo" className="mt-2 text-2xl font-bold">
          {copy.pageTitle(robot.name)}
        </h2>
        <Link
          to={href("/admin/robos/:id/extratos-assinados", { id: robot.id })}
          className="mt-2 inline-block text-sm text-primary underline"
        >
          {signedStatementsAdminCopy.linkFromPerformance}
        </Link>
      </div>

      {flash ? (
        <p role="status" className="rounded-lg border border-success/40 bg-success/10 p-3 text-sm">
          {copy[flash]}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="rounded-lg border border-danger/50 bg-danger/10 p-3 text-sm">
          {failure.error}
        </p>
      ) : null}

      <section aria-labelledby="envio" className="rounded-2xl border border-border bg-card p-5">
        <h3 id="envio" className="text-lg font-semibold">
          {copy.uploadTitle}
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">{copy.uploadHelp}</p>
        <Form
          method="post"
          encType="multipart/form-data"
          className="mt-4 grid gap-4 sm:grid-cols-2"
          noValidate
        >
          <TextField
            id={fieldId("arquivo")}
            name="file"
            type="file"
            accept=".htm,.html,text/html"
            label={copy.fields.file}
            required
            error={errors.file}
          />
          <AccountKindSelect
            id={fieldId("tipo")}
            label={copy.fields.accountKind}
            defaultValue={values.accountKind ?? last?.accountKind ?? "real"}
            error={errors.accountKind}
          />
          <TextField
            id={fieldId("corretora")}
            name="broker"
            label={copy.fields.broker}
            defaultValue={values.broker ?? last?.broker ?? ""}
            hint={copy.brokerHint}
            maxLength={100}
            required
            error={errors.broker}
          />
          <ServerClockSelect
            id={fieldId("fuso")}
            label={copy.fields.serverClock}
            defaultValue={values.serverClock ?? last?.serverClock ?? "ny-close"}
            hint={copy.serverClockHint}
            error={errors.serverClock}
          />
          <CurrencySelect
            id={fieldId("moeda")}
            label={copy.fields.currency}
            defaultValue={values.currency ?? last?.currency ?? "USD"}
            error={errors.currency}
          />
          <div className="flex items-end">
            <Button type="submit">{copy.submit}</Button>
          </div>
        </Form>
      </section>

      {preview ? (
        <section aria-labelledby="previa" className="space-y-4">
          <h3 id="previa" className="text-lg font-semibold">
            {copy.previewTitle}
          </h3>
          <p className="text-sm text-muted-foreground">
            {copy.previewOf(preview.fileName, when(preview.updatedAt))}{" "}
            {copy.uploadedBy(preview.uploadedBy)}. {copy.holder}:{" "}
            {preview.record.accountName || verifiedCopy.noData}.
          </p>
          <p className="text-sm">
            {copy.ledgerFacts(
              preview.record.trades,
              preview.record.cancelledOrders,
              preview.record.openTrades,
            )}
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="mb-2 text-left font-semibold">{copy.reconciliationTitle}</caption>
              <thead>
                <tr>
                  <th scope="col">{copy.reconciliationColumns.line}</th>
                  <th scope="col">{copy.reconciliationColumns.ours}</th>
                  <th scope="col">{copy.reconciliationColumns.statement}</th>
                  <th scope="col">{copy.reconciliationColumns.difference}</th>
                </tr>
              </thead>
              <tbody>
                {preview.record.reconciliation.map((line) => (
                  <tr key={line.check} className="border-t border-border">
                    <th scope="row" className="py-1 font-normal">
                      {reconciliationLabels[line.check]}
                    </th>
                    <td>{amount(line, line.ours, preview.record.currency)}</td>
                    <td>{amount(line, line.statement, preview.record.currency)}</td>
                    <td>
                      {line.ok ? (
                        <Badge tone="green">{verifiedCopy.reconciledBadge}</Badge>
                      ) : (
                        <Badge tone="red">
                          {line.ours !== null &&
                          line.statement !== null &&
                          line.check !== "runningBalance"
                            ? amount(line, line.ours - line.statement, preview.record.currency)
                            : verifiedCopy.notReconciledBadge}
                        </Badge>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {preview.statementId === currentStatementId ? (
            <div className="flex flex-wrap items-center gap-3">
              <Badge tone="blue">{copy.currentBadge}</Badge>
              <Form method="post">
                <input type="hidden" name="intent" value="withdraw" />
                <Button type="submit" variant="outline">
                  {copy.withdraw}
                </Button>
              </Form>
            </div>
          ) : (
            <Form method="post">
              <input type="hidden" name="statementId" value={preview.statementId} />
              <Button type="submit" variant={preview.record.reconciled ? undefined : "outline"}>
                {preview.record.reconciled ? copy.publish : copy.publishNotReconciled}
              </Button>
            </Form>
          )}
          <div className="rounded-2xl border border-dashed border-border p-4">
            <VerifiedRecord
              name={robot.name}
              view={preview}
              downloadable={history.some((h) => h.id === preview.statementId && h.publishedAt)}
            />
          </div>
        </section>
      ) : null}

      <section aria-labelledby="historico" className="space-y-3">
        <h3 id="historico" className="text-lg font-semibold">
          {copy.historyTitle}
        </h3>
        {history.length === 0 ? (
          <p className="text-sm text-muted-foreground">{copy.historyEmpty}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr>
                  <th scope="col">{copy.historyColumns.uploadedAt}</th>
                  <th scope="col">{copy.historyColumns.file}</th>
                  <th scope="col">{copy.historyColumns.kind}</th>
                  <th scope="col">{copy.historyColumns.broker}</th>
                  <th scope="col">{copy.historyColumns.check}</th>
                  <th scope="col">{copy.historyColumns.status}</th>
                  <th scope="col">{copy.historyColumns.actions}</th>
                </tr>
              </thead>
              <tbody>
                {history.map((entry) => (
                  <tr key={entry.id} className="border-t border-border align-top">
                    <td className="py-1">{when(entry.uploadedAt)}</td>
                    <td>
                      {entry.fileName} ({entry.format.toUpperCase()}, {entry.currency})
                      <br />
                      <code className="text-xs break-all">{entry.sha256}</code>
                    </td>
                    <td>{copy.accountKinds[entry.accountKind]}</td>
                    <td>{entry.broker}</td>
                    <td>
                      <Badge tone={entry.reconciled ? "green" : "red"}>
                        {entry.reconciled
                          ? verifiedCopy.reconciledBadge
                          : verifiedCopy.notReconciledBadge}
                      </Badge>
                    </td>
                    <td>
                      {entry.id === currentStatementId ? (
                        <Badge tone="blue">{copy.currentBadge}</Badge>
                      ) : entry.publishedAt ? (
                        <Badge>{copy.publishedBadge}</Badge>
                      ) : null}
                    </td>
                    <td>
                      <Link to={`?extrato=${entry.id}`} className="text-primary underline">
                        {copy.view}
                        <span className="sr-only"> {entry.fileName}</span>
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </section>
  );
}
