import {
  AccountKindSelect,
  CurrencySelect,
  ServerClockSelect,
} from "../performance/account-selects.tsx";
import { Form, href, Link } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { signedStatementsAdminCopy as copy } from "../../content/signed-statements.ts";
import { dateAndTime } from "../../lib/format.ts";
import { TextAreaField, TextField } from "../admin/field.tsx";
import type { FieldErrors } from "../../platform/http/parse-form.ts";
import type { SignedMessageOutcome, SignedMessageRefusal } from "./model.ts";

// /admin/robos/:id/extratos-assinados: the inbox's address, the account and trusted broker
// domains, and every message received with its outcome (docs/decisions/377). A plain form.

interface Settings {
  accountNumber: string;
  brokerDomains: string;
  accountKind: string;
  broker: string;
  serverClock: string;
  currency: string;
}

export interface ReceivedMessage {
  id: string;
  receivedAt: string;
  mailFrom: string;
  size: number;
  sha256: string | null;
  outcome: SignedMessageOutcome;
  reason: SignedMessageRefusal | null;
  signingDomain: string | null;
  detail: string | null;
  statementId: string | null;
}

export type InboxOutcome =
  | { ok: true }
  | { ok: false; error: string; fieldErrors: FieldErrors; values: Record<string, string> };

export function SignedStatementsAdminPage({
  robot,
  receiverOn,
  address,
  settings,
  messages,
  outcome,
}: {
  robot: { id: string; name: string };
  receiverOn: boolean;
  address: string | null;
  settings: Settings | null;
  messages: ReceivedMessage[];
  outcome: InboxOutcome | null;
}) {
  const failed = outcome && !outcome.ok ? outcome : null;
  const values: Partial<Settings> = failed?.values ?? settings ?? {};
  const errors = failed?.fieldErrors ?? {};
  const fieldId = (name: string) => `inbox-${name}`;
  return (
    <section aria-labelledby="assinados-titulo" className="space-y-8">
      <div>
        <Link
          to={href("/admin/robos/:id/desempenho", { id: robot.id })}
          className="text-sm text-muted-foreground underline"
        >
          {copy.back}
        </Link>
        <h2 id="assinados-titulo" className="mt-2 text-2xl font-bold">
          {copy.pageTitle(robot.name)}
        </h2>
        <p className="mt-2 max-w-3xl text-sm text-muted-foreground">{copy.intro}</p>
      </div>

      {outcome?.ok ? (
        <p role="status" className="rounded-lg border border-success/40 bg-success/10 p-3 text-sm">
          {copy.saved}
        </p>
      ) : null}
      {failed ? (
        <p role="alert" className="rounded-lg border border-danger/50 bg-danger/10 p-3 text-sm">
          {failed.error}
        </p>
      ) : null}

      <section aria-labelledby="endereco" className="rounded-2xl border border-border bg-card p-5">
        <h3 id="endereco" className="text-lg font-semibold">
          {copy.addressTitle}
        </h3>
        {address ? (
          <p className="mt-2">
            <code className="break-all text-sm" data-testid="inbox-address">
              {address}
            </code>
          </p>
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">{copy.noAddress}</p>
        )}
        {receiverOn ? null : <p className="mt-2 text-sm text-accent">{copy.receiverOff}</p>}
      </section>

      <section aria-labelledby="conta" className="rounded-2xl border border-border bg-card p-5">
        <h3 id="conta" className="text-lg font-semibold">
          {copy.settingsTitle}
        </h3>
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
          <TextField
            id={fieldId("conta")}
            name="accountNumber"
            label={copy.fields.accountNumber}
            defaultValue={values.accountNumber ?? ""}
            inputMode="numeric"
            maxLength={20}
            required
            error={errors.accountNumber}
          />
          <TextField
            id={fieldId("corretora")}
            name="broker"
            label={copy.fields.broker}
            defaultValue={values.broker ?? ""}
            maxLength={100}
            required
            error={errors.broker}
          />
          <TextAreaField
            id={fieldId("dominios")}
            name="brokerDomains"
            label={copy.fields.brokerDomains}
            defaultValue={values.brokerDomains ?? ""}
            hint={copy.brokerDomainsHint}
            rows={3}
            required
            error={errors.brokerDomains}
          />
          <AccountKindSelect
            id={fieldId("tipo")}
            label={copy.fields.accountKind}
            defaultValue={values.accountKind ?? "real"}
            error={errors.accountKind}
          />
          <ServerClockSelect
            id={fieldId("fuso")}
            label={copy.fields.serverClock}
            defaultValue={values.serverClock ?? "ny-close"}
            error={errors.serverClock}
          />
          <CurrencySelect
            id={fieldId("moeda")}
            label={copy.fields.currency}
            defaultValue={values.currency ?? "USD"}
            error={errors.currency}
          />
          <div className="flex items-end">
            <Button type="submit">{copy.save}</Button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="mensagens" className="space-y-3">
        <h3 id="mensagens" className="text-lg font-semibold">
          {copy.messagesTitle}
        </h3>
        {messages.length === 0 ? (
          <p className="text-sm text-muted-foreground">{copy.noMessages}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{copy.messagesTitle}</caption>
              <thead>
                <tr>
                  <th scope="col">{copy.columns.receivedAt}</th>
                  <th scope="col">{copy.columns.from}</th>
                  <th scope="col">{copy.columns.domain}</th>
                  <th scope="col">{copy.columns.outcome}</th>
                  <th scope="col">{copy.columns.reason}</th>
                </tr>
              </thead>
              <tbody>
                {messages.map((message) => (
                  <tr key={message.id} className="border-t border-border align-top">
                    <td className="py-1">{dateAndTime(new Date(message.receivedAt)).join(" ")}</td>
                    <td className="break-all">{message.mailFrom || "—"}</td>
                    <td>{message.signingDomain ?? "—"}</td>
                    <td>
                      <Badge tone={message.outcome === "accepted" ? "green" : "red"}>
                        {copy.outcomes[message.outcome]}
                      </Badge>
                    </td>
                    <td>
                      <p>
                        {message.reason
                          ? copy.reasons[message.reason]
                          : message.detail
                            ? copy.acceptedKept
                            : copy.acceptedPublished}
                      </p>
                      {message.detail ? (
                        <p className="text-xs break-all text-muted-foreground">{message.detail}</p>
                      ) : null}
                      {message.sha256 ? (
                        <p className="text-xs text-muted-foreground">
                          {copy.columns.sha256}: <code className="break-all">{message.sha256}</code>
                        </p>
                      ) : null}
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
