import type { ReactNode } from "react";
import { Form, href } from "react-router";
import { buttonClasses } from "../../components/ui/button.tsx";
import { Honeypot } from "../../components/ui/honeypot.tsx";
import { Checkbox, FieldError, Input, Label } from "../../components/ui/form-fields.tsx";
import { agentIds, agentNames } from "../../content/agent-ids.ts";
import { myDataCopy as copy } from "../../content/email.ts";
import { formatDateTime } from "../admin/date-time.ts";
import { agentsText } from "../waitlist/agents-text.ts";
import { type WaitlistStatus, waitlistStatuses } from "../waitlist/model.ts";
import { statusLabels } from "../waitlist/statuses.ts";
import { invitationStatusLabels } from "../invitations/statuses.ts";
import { ConsentLedgerTable } from "./consent-ledger.tsx";
import { Notice } from "../../components/link-page.tsx";
import type { CorrectionErrors, MyData } from "./my-data.server.ts";
import { orderStateLabels } from "../../content/orders.ts";
import type { PersonOrder } from "../orders/order-view.server.ts";

/** /meus-dados: one e-mail field, a hidden honeypot, a plain form POST. */
export function MyDataRequestPage({ message }: { message?: string }) {
  return (
    <main id="conteudo" className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-bold">{copy.title}</h1>
      <p className="mt-4 text-muted-foreground">{copy.intro}</p>
      <Notice message={message} />
      <Form method="post" className="mt-6 space-y-4" noValidate>
        <div className="space-y-1">
          <Label htmlFor="meus-dados-email">{copy.emailLabel}</Label>
          <Input id="meus-dados-email" type="email" name="email" required autoComplete="email" />
        </div>
        <Honeypot id="meus-dados-website" />
        <button type="submit" className={buttonClasses({ size: "lg" })}>
          {copy.button}
        </button>
      </Form>
    </main>
  );
}

type Entry = MyData["entry"];

/** A live subscription as the erasure section states it. */
export interface ErasableSubscription {
  id: string;
  line: string;
  refund: string;
}

/** Subscribed: what the erasure ends, and the choice between keeping and ending. */
function ErasureChoice({ subscriptions }: { subscriptions: readonly ErasableSubscription[] }) {
  return (
    <>
      <p>{copy.subscribedText}</p>
      <ul className="list-disc space-y-1 pl-5">
        {subscriptions.map((subscription) => (
          <li key={subscription.id}>
            {subscription.line} {subscription.refund}
          </li>
        ))}
      </ul>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{copy.choiceLegend}</legend>
        <label className="flex items-start gap-2">
          <input type="radio" name="erasure" value="keep" required className="mt-1" />
          {copy.choiceKeep}
        </label>
        <label className="flex items-start gap-2">
          <input type="radio" name="erasure" value="end" required className="mt-1" />
          {copy.choiceEnd}
        </label>
      </fieldset>
    </>
  );
}

/** One stored value as the person reads it: in Portuguese, never a code like "pending". */
export function shown(value: Entry[keyof Entry], field: keyof Entry): string {
  if (value === null || value === "") return copy.none;
  if (value instanceof Date) return formatDateTime(value);
  if (typeof value === "boolean") return value ? copy.yes : copy.no;
  if (field === "interestedAgents" && Array.isArray(value)) return agentsText(value);
  if (field === "status" && waitlistStatuses.includes(value as WaitlistStatus))
    return statusLabels[value as WaitlistStatus];
  return String(value);
}

export interface MyDataPanelProps {
  data: MyData;
  /** The person's orders, each linking to its page (decision 184). */
  orders: readonly PersonOrder[];
  /** Live subscriptions: the erasure section says what it ends and asks (decision 348). */
  subscriptions?: readonly ErasableSubscription[];
  notice?: string;
  errors?: CorrectionErrors;
}

/** One titled part of the panel, named by its heading. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10 rounded-xl border border-border p-5">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function newsletterLine(newsletter: MyData["newsletter"]): string {
  if (!newsletter) return copy.newsletterNone;
  if (newsletter.unsubscribedAt)
    return copy.newsletterEnded(formatDateTime(newsletter.unsubscribedAt));
  if (newsletter.confirmedAt) return copy.newsletterActive(formatDateTime(newsletter.confirmedAt));
  return copy.newsletterPending(formatDateTime(newsletter.createdAt));
}

/** Everything stored about the person, and what they can do with it. */
export function MyDataPanel({
  data: { entry, consents, invitations, statusHistory, newsletter },
  orders,
  subscriptions = [],
  notice,
  errors = {},
}: MyDataPanelProps) {
  const fields = Object.keys(copy.fields) as (keyof typeof copy.fields)[];
  return (
    <main id="conteudo" className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold">{copy.dataTitle}</h1>
      <Notice message={notice} />
      <dl className="mt-6 space-y-3">
        {fields.map((field) => (
          <div key={field}>
            <dt className="text-sm text-muted-foreground">{copy.fields[field]}</dt>
            <dd className="font-medium break-words whitespace-pre-wrap">
              {shown(entry[field], field)}
            </dd>
          </div>
        ))}
      </dl>
      <a
        href={href("/meus-dados/dados.json")}
        download
        className="mt-6 inline-block text-primary underline"
      >
        {copy.download}
      </a>
      <a href={href("/minha-conta")} className="mt-3 block text-primary underline">
        {copy.accountLink}
      </a>

      {orders.length > 0 ? (
        <Section id="pedidos" title={copy.ordersTitle}>
          <ul className="mt-3 space-y-2">
            {orders.map((order) => (
              <li key={order.reference}>
                <a
                  href={href("/meus-dados/pedidos/:reference", { reference: order.reference })}
                  className="text-primary underline"
                >
                  {copy.orderLine(
                    order.robotName,
                    order.reference,
                    orderStateLabels[order.state],
                    formatDateTime(new Date(order.createdAt)),
                  )}
                </a>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {invitations.length > 0 ? (
        <Section id="convites" title={copy.invitationsTitle}>
          <ul className="mt-3 space-y-2">
            {invitations.map((invitation) => (
              <li key={invitation.sentAt.toISOString() + invitation.robot}>
                {copy.invitationLine(
                  invitation.robot,
                  invitationStatusLabels[invitation.status],
                  formatDateTime(invitation.sentAt),
                )}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {statusHistory.length > 0 ? (
        <Section id="historico" title={copy.historyTitle}>
          <ul className="mt-3 space-y-2">
            {statusHistory.map((change) => (
              <li key={change.changedAt.toISOString() + change.status}>
                {copy.historyLine(statusLabels[change.status], formatDateTime(change.changedAt))}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <Section id="minha-newsletter" title={copy.newsletterTitle}>
        <p className="mt-2">{newsletterLine(newsletter)}</p>
      </Section>

      <ConsentLedgerTable consents={consents} />

      {entry.confirmedAt ? null : (
        <Section id="confirmar" title={copy.confirmEmailTitle}>
          <p className="mt-2">{copy.confirmEmailText}</p>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="confirm-email" />
            <button type="submit" className={buttonClasses()}>
              {copy.confirmEmailButton}
            </button>
          </Form>
        </Section>
      )}

      <Section id="corrigir" title={copy.correctTitle}>
        <Form method="post" className="mt-4 space-y-4" noValidate>
          <input type="hidden" name="intent" value="correct" />
          <div className="space-y-1">
            <Label htmlFor="meus-dados-nome">{copy.nameLabel}</Label>
            <Input
              id="meus-dados-nome"
              name="name"
              defaultValue={entry.name}
              required
              autoComplete="name"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? "meus-dados-nome-erro" : undefined}
            />
            <FieldError id="meus-dados-nome-erro" message={errors.name} />
          </div>
          <fieldset aria-describedby={errors.agents ? "meus-dados-agentes-erro" : undefined}>
            <legend className="text-sm font-medium">{copy.agentsLegend}</legend>
            {agentIds.map((id) => (
              <label key={id} className="mt-2 flex items-center gap-2">
                <Checkbox
                  name="agents"
                  value={id}
                  defaultChecked={entry.interestedAgents.includes(id)}
                />
                {agentNames[id]}
              </label>
            ))}
            <FieldError id="meus-dados-agentes-erro" message={errors.agents} />
          </fieldset>
          <button type="submit" className={buttonClasses()}>
            {copy.save}
          </button>
        </Form>
      </Section>

      <Section id="marketing" title={copy.consentTitle}>
        <p className="mt-2">{entry.marketingConsent ? copy.consentGiven : copy.consentNotGiven}</p>
        <Form method="post" className="mt-4">
          <input
            type="hidden"
            name="intent"
            value={entry.marketingConsent ? "withdraw-consent" : "give-consent"}
          />
          <button type="submit" className={buttonClasses({ variant: "outline" })}>
            {entry.marketingConsent ? copy.withdrawConsent : copy.giveConsent}
          </button>
        </Form>
      </Section>

      <Section id="apagar" title={copy.deleteTitle}>
        <p className="mt-2 text-muted-foreground">{copy.deleteText}</p>
        <Form method="post" className="mt-4 space-y-4" noValidate>
          <input type="hidden" name="intent" value="delete" />
          {subscriptions.length > 0 ? <ErasureChoice subscriptions={subscriptions} /> : null}
          <label className="flex items-start gap-2">
            <Checkbox name="confirm" value="on" required />
            {copy.deleteConfirm}
          </label>
          <button type="submit" className={buttonClasses({ variant: "danger" })}>
            {copy.deleteButton}
          </button>
        </Form>
      </Section>
    </main>
  );
}
