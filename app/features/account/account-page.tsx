import { Form, href } from "react-router";
import { buttonClasses } from "../../components/ui/button.tsx";
import { Checkbox, FieldError, Input, Label } from "../../components/ui/form-fields.tsx";
import { Honeypot } from "../../components/ui/honeypot.tsx";
import { Notice } from "../../components/link-page.tsx";
import { TableScroll } from "../../components/ui/table-scroll.tsx";
import { accountCopy, accountPanelCopy as copy } from "../../content/account.ts";
import { orderPageCopy, setupFormCopy, setupStateLabels } from "../../content/orders.ts";
import { downtimeText, serviceCreditCopy } from "../../content/service-credit.ts";
import { chargeStateLabels, subscriptionStateLabels } from "../../content/subscriptions.ts";
import { formatDateTime } from "../admin/date-time.ts";
import { formatBrl, formatUsd } from "../orders/format.ts";
import { tradingPlatforms } from "../orders/model.ts";
import { PixPayment } from "../orders/pix-payment.tsx";
import { RobotStatus } from "../fleet/robot-status.tsx";
import { MandateSection } from "../sales/mandate-section.tsx";
import type { RobotView } from "../fleet/status.server.ts";
import { formatLocalDate } from "../subscriptions/calendar.ts";
import { formatCnpj, formatCpf } from "@brazilian-utils/brazilian-utils";
import type { AccountFormErrors, AccountOverview, AccountSubscription } from "./account.server.ts";

/** A CPF or CNPJ as people write it. */
const shownDocument = (digits: string) =>
  digits.length === 11 ? formatCpf(digits) : formatCnpj(digits);

// /minha-conta and its panel: server-rendered HTML with plain form posts (docs/decisions/060),
// like Meus dados. The PIX code is text a tap selects and its QR an SVG drawn on the server.

/** /minha-conta: one e-mail field, a hidden honeypot, a plain form POST. */
export function AccountRequestPage({ message }: { message?: string }) {
  return (
    <main id="conteudo" className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-bold">{accountCopy.title}</h1>
      <p className="mt-4 text-muted-foreground">{accountCopy.intro}</p>
      <Notice message={message} />
      <Form method="post" className="mt-6 space-y-4" noValidate>
        <div className="space-y-1">
          <Label htmlFor="minha-conta-email">{accountCopy.emailLabel}</Label>
          <Input id="minha-conta-email" type="email" name="email" required autoComplete="email" />
        </div>
        <Honeypot id="minha-conta-website" />
        <button type="submit" className={buttonClasses({ size: "lg" })}>
          {accountCopy.button}
        </button>
      </Form>
    </main>
  );
}

const box = "mt-6 rounded-xl border border-border p-5";

function Facts({ subscription: s }: { subscription: AccountSubscription }) {
  const rows: [string, string][] = [
    [
      copy.status,
      s.endsOn
        ? `${subscriptionStateLabels[s.state]} ${formatLocalDate(s.endsOn)}`
        : subscriptionStateLabels[s.state],
    ],
  ];
  if (s.currentCycle) {
    rows.push([
      copy.currentCycle,
      copy.cycleText(
        s.currentCycle.number,
        formatLocalDate(s.currentCycle.start),
        formatLocalDate(s.currentCycle.lastDay),
      ),
    ]);
  }
  rows.push([copy.nextDue, s.nextDue ? formatLocalDate(s.nextDue) : copy.noNextCharge]);
  if (s.nextDue && s.nextAmount) {
    const usd = formatUsd(s.nextAmount.usdCents);
    rows.push([
      copy.nextAmount,
      s.nextAmount.brlCents === null
        ? copy.amountAtDayRate(usd)
        : s.openCharge
          ? copy.amountWithBrl(usd, formatBrl(s.nextAmount.brlCents))
          : copy.amountAtTodayRate(usd, formatBrl(s.nextAmount.brlCents)),
    ]);
  }
  return (
    <dl className="mt-4 grid gap-3">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function OpenChargeSection({
  subscription: s,
  cardEnabled,
}: {
  subscription: AccountSubscription;
  cardEnabled: boolean;
}) {
  const charge = s.openCharge;
  if (!charge) return null;
  return (
    <div className={box}>
      <h3 className="text-lg font-semibold">{copy.openChargeTitle}</h3>
      <p className="mt-2">
        {copy.openChargeText(
          charge.cycle,
          formatLocalDate(charge.dueDate),
          formatBrl(charge.totalBrlCents),
        )}
      </p>
      {charge.serviceCredit ? (
        <p className="mt-1 text-sm">
          {serviceCreditCopy.title}:{" "}
          {serviceCreditCopy.receiptValue(
            formatUsd(charge.serviceCredit.usdCents),
            charge.serviceCredit.cycle,
            downtimeText(charge.serviceCredit.downtimeMinutes),
          )}
        </p>
      ) : null}
      <p className="mt-1 text-sm">
        {copy.chargeReference}: <strong className="font-mono">{charge.reference}</strong>
      </p>
      <h4 className="mt-4 font-semibold">{orderPageCopy.pixTitle}</h4>
      {charge.pix ? (
        <div className="mt-2 grid gap-3">
          <p className="text-sm">{orderPageCopy.pixHelp}</p>
          <PixPayment
            id={`pix-${charge.reference}`}
            code={charge.pix.code}
            qrSvg={charge.pix.qrSvg}
            qrLabel={orderPageCopy.pixQrAlt(formatBrl(charge.totalBrlCents))}
            validUntil={null}
          />
          {charge.pix.dueDate ? (
            <p className="text-sm">{copy.dueChargeText(formatLocalDate(charge.pix.dueDate))}</p>
          ) : null}
        </div>
      ) : (
        <p className="mt-1 text-sm">{orderPageCopy.pixUnavailable}</p>
      )}
      {cardEnabled ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="pay-card" />
          <input type="hidden" name="charge" value={charge.reference} />
          <button type="submit" className={buttonClasses()}>
            {copy.payCard}
          </button>
          <p className="mt-1 text-sm text-muted-foreground">{copy.payCardHelp}</p>
        </Form>
      ) : null}
    </div>
  );
}

function History({ subscription: s }: { subscription: AccountSubscription }) {
  const columns = copy.historyColumns;
  return (
    <div className="mt-6">
      <h3 className="text-lg font-semibold">{copy.historyTitle}</h3>
      <TableScroll label={copy.historyCaption(s.robotName)} className="mt-3">
        <table className="w-full text-left text-sm">
          <thead className="text-muted-foreground">
            <tr>
              {Object.values(columns).map((column) => (
                <th key={column} scope="col" className="py-2 pr-3">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {s.history.map((line) => (
              <tr key={line.reference} className="border-t border-border">
                <td className="py-2 pr-3">{line.cycle}º</td>
                <td className="py-2 pr-3 whitespace-nowrap">
                  {copy.period(
                    formatLocalDate(line.period.start),
                    formatLocalDate(line.period.lastDay),
                  )}
                </td>
                <td className="py-2 pr-3 whitespace-nowrap">
                  {line.amountBrlCents === null ? accountCopy.none : formatBrl(line.amountBrlCents)}
                </td>
                <td className="py-2 pr-3">{chargeStateLabels[line.state]}</td>
                <td className="py-2 pr-3 whitespace-nowrap">
                  {line.paidAt ? formatDateTime(new Date(line.paidAt)) : accountCopy.none}
                </td>
                <td className="py-2">
                  {line.state === "paid" && line.paidAt ? (
                    <a
                      href={href("/minha-conta/recibos/:reference", { reference: line.reference })}
                      className="text-primary underline"
                    >
                      {copy.receiptLink}
                      <span className="sr-only">{copy.receiptOf(line.cycle)}</span>
                    </a>
                  ) : (
                    accountCopy.none
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}

function AccountForm({
  subscription: s,
  errors,
}: {
  subscription: AccountSubscription;
  errors: AccountFormErrors;
}) {
  const setup = s.setup;
  if (!setup) return null;
  const field = (
    name: "accountNumber" | "brokerServer" | "whatsapp",
    label: string,
    value: string | null,
    extra: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => {
    const inputId = `${name}-${s.id}`;
    return (
      <div className="space-y-1">
        <Label htmlFor={inputId}>{label}</Label>
        <Input
          id={inputId}
          name={name}
          defaultValue={value ?? ""}
          required
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `${inputId}-erro` : undefined}
          {...extra}
        />
        <FieldError id={`${inputId}-erro`} message={errors[name]} />
      </div>
    );
  };
  return (
    <div className={box}>
      <h3 className="text-lg font-semibold">{copy.accountTitle}</h3>
      <p className="mt-2 text-sm text-muted-foreground">{copy.accountText}</p>
      <Form method="post" className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="intent" value="account" />
        <input type="hidden" name="order" value={s.orderId} />
        {field("accountNumber", setupFormCopy.accountNumber, setup.accountNumber, {
          inputMode: "numeric",
        })}
        {field("brokerServer", setupFormCopy.brokerServer, setup.brokerServer)}
        <fieldset aria-describedby={errors.platform ? `platform-${s.id}-erro` : undefined}>
          <legend className="text-sm font-medium">{setupFormCopy.platform}</legend>
          <div className="mt-1 flex gap-4">
            {tradingPlatforms.map((platform) => (
              <label key={platform} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="platform"
                  value={platform}
                  defaultChecked={setup.platform === platform}
                  required
                />
                {platform}
              </label>
            ))}
          </div>
          <FieldError id={`platform-${s.id}-erro`} message={errors.platform} />
        </fieldset>
        {field("whatsapp", setupFormCopy.whatsapp, setup.whatsapp, {
          type: "tel",
          autoComplete: "tel",
        })}
        <button type="submit" className={buttonClasses({ variant: "outline" })}>
          {copy.accountSave}
        </button>
      </Form>
    </div>
  );
}

/**
 * The CPF or CNPJ of whoever pays, asked once: the renewals' due-date charges are made out to
 * it, and a CPF is the one Pix Automático authorises (docs/decisions/418).
 */
function PayerDocumentSection({
  subscription: s,
  refused,
}: {
  subscription: AccountSubscription;
  /** A refused document, as typed, and why. */
  refused?: { document: string; message: string };
}) {
  const inputId = `documento-${s.id}`;
  return (
    <div className={box}>
      <h3 className="text-lg font-semibold">{copy.payerDocumentTitle}</h3>
      <p className="mt-2 text-sm text-muted-foreground">{copy.payerDocumentText}</p>
      {s.payerDocument ? (
        <p className="mt-2 text-sm">{copy.payerDocumentCurrent(shownDocument(s.payerDocument))}</p>
      ) : null}
      <Form method="post" className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="intent" value="payer-document" />
        <input type="hidden" name="subscription" value={s.id} />
        <div className="space-y-1">
          <Label htmlFor={inputId}>{copy.payerDocumentLabel}</Label>
          <Input
            id={inputId}
            name="document"
            required
            maxLength={18}
            inputMode="numeric"
            defaultValue={refused?.document ?? ""}
            aria-invalid={refused ? true : undefined}
            aria-describedby={refused ? `${inputId}-erro` : undefined}
          />
          <FieldError id={`${inputId}-erro`} message={refused?.message} />
        </div>
        <button type="submit" className={buttonClasses({ variant: "outline" })}>
          {copy.payerDocumentSave}
        </button>
      </Form>
    </div>
  );
}

function CancelSection({ subscription: s }: { subscription: AccountSubscription }) {
  if (!s.nextDue) return null;
  return (
    <div className={box}>
      <h3 className="text-lg font-semibold">{copy.cancelTitle}</h3>
      <p className="mt-2 text-sm">{copy.cancelText}</p>
      <Form method="post" className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="subscription" value={s.id} />
        <label className="flex items-start gap-2">
          <Checkbox name="confirm" value="on" required />
          {copy.cancelConfirm}
        </label>
        <button type="submit" className={buttonClasses({ variant: "danger" })}>
          {copy.cancelButton}
        </button>
      </Form>
    </div>
  );
}

function RefundSection({ subscription: s }: { subscription: AccountSubscription }) {
  if (s.state === "ended" || s.state === "refunded") return null;
  const lastDay = formatLocalDate(s.guarantee.lastDay);
  return (
    <div className={box}>
      <h3 className="text-lg font-semibold">{copy.refundTitle}</h3>
      <p className="mt-2 text-sm">{copy.guarantee}</p>
      {s.refundRequested ? (
        <p className="mt-2 font-medium">{copy.refundPending}</p>
      ) : s.guarantee.allowed ? (
        <Form method="post" className="mt-4">
          <p className="mb-2 text-sm">{copy.refundUntil(lastDay)}</p>
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="subscription" value={s.id} />
          <button type="submit" className={buttonClasses({ variant: "outline" })}>
            {copy.refundButton}
          </button>
        </Form>
      ) : (
        <p className="mt-2 text-sm">{copy.refundOver(lastDay)}</p>
      )}
    </div>
  );
}

export interface AccountPanelProps {
  overview: AccountOverview;
  notice?: string;
  /** Field errors of the broker-account form, for the order they belong to. */
  accountErrors?: { orderId: string; errors: AccountFormErrors };
  /** Each subscription's robot on its VPS, by subscription id (features/fleet). */
  robots?: Record<string, RobotView>;
  /** A refused CPF or CNPJ: its subscription, the document as typed and why. */
  documentError?: { subscriptionId: string; document: string; message: string };
  /** The support form and the person's conversations (features/support). */
  support?: React.ReactNode;
}

/** The customer's subscriptions, charges and receipts, and what they can do with them. */
export function AccountPanel({
  overview,
  notice,
  accountErrors,
  robots,
  documentError,
  support,
}: AccountPanelProps) {
  return (
    <main id="conteudo" className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">{accountCopy.title}</h1>
      <p className="mt-2 text-muted-foreground">{copy.greeting(overview.name)}</p>
      <Notice message={notice} />
      {overview.subscriptions.length === 0 ? <p className="mt-6">{copy.noSubscriptions}</p> : null}
      {overview.subscriptions.map((s) => {
        const id = `assinatura-${s.id}`;
        const robot = robots?.[s.id];
        return (
          <section key={s.id} aria-labelledby={id} className="mt-10 border-t border-border pt-8">
            <h2 id={id} className="text-2xl font-semibold">
              {copy.subscriptionTitle(s.robotName)}
            </h2>
            <Facts subscription={s} />
            {s.setup ? (
              <p className="mt-4">
                <span className="text-sm text-muted-foreground">{copy.setupTitle}: </span>
                <strong>{setupStateLabels[s.setup.state]}</strong>.{" "}
                {orderPageCopy.setupStates[s.setup.state]}
              </p>
            ) : null}
            {robot ? <RobotStatus view={robot} headingId={`robo-${s.id}`} /> : null}
            <OpenChargeSection subscription={s} cardEnabled={overview.cardEnabled} />
            {overview.dueChargesEnabled && s.nextDue ? (
              <PayerDocumentSection
                subscription={s}
                refused={documentError?.subscriptionId === s.id ? documentError : undefined}
              />
            ) : null}
            <MandateSection
              subscriptionId={s.id}
              panel={s.mandate}
              payerCpf={s.payerDocument?.length === 11 ? shownDocument(s.payerDocument) : null}
            />
            <History subscription={s} />
            <AccountForm
              subscription={s}
              errors={accountErrors?.orderId === s.orderId ? accountErrors.errors : {}}
            />
            <CancelSection subscription={s} />
            <RefundSection subscription={s} />
          </section>
        );
      })}
      {support ? <div className="mt-10 border-t border-border pt-8">{support}</div> : null}
      <p className="mt-10">
        <a href={href("/meus-dados")} className="text-primary underline">
          {accountCopy.myDataLink}
        </a>
      </p>
    </main>
  );
}
