import { Form } from "react-router";
import {
  orderPageCopy as copy,
  paymentMethodLabels,
  setupFormCopy as setupCopy,
} from "../../content/orders.ts";
import { formatDateTime } from "../admin/date-time.ts";
import { AwaitingPaymentRefresh } from "./awaiting-payment-refresh.tsx";
import { awaitsConfirmation } from "./awaiting-payment.ts";
import { exchangeRateLine } from "./rate-line.ts";
import { formatBrl, formatPercent, formatUsd, hoursAndMinutesLeft } from "./format.ts";
import { linkPaymentMethods, tradingPlatforms } from "./model.ts";
import type { OrderView } from "./order-view.server.ts";
import { PixPayment } from "./pix-payment.tsx";
import { firstPaymentMandateCopy as mandateCopy } from "../../content/pix-automatico.ts";
import { FirstPaymentMandateSection } from "../sales/first-payment-mandate-section.tsx";

// The person's order (/convite/:token once accepted): where they are, what they owe, how to
// pay. Everything is server-rendered HTML: the PIX code is text to copy (a button copies it
// once JavaScript runs), its QR code an inline SVG drawn on the server, the payment-link
// choice a plain form.

export type OrderPageView = OrderView & {
  msLeft: number;
  notice: string | null;
  setupForm?: { values: Record<string, string>; errors: Record<string, string> };
  mandateForm?: { cpf: string; error: string };
};

function Field({
  name,
  label,
  help,
  view,
  ...input
}: {
  name: string;
  label: string;
  help?: string;
  view: OrderPageView;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  const error = view.setupForm?.errors[name];
  const described = [help ? `${name}-ajuda` : "", error ? `${name}-erro` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="grid gap-1.5">
      <label htmlFor={name} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={name}
        name={name}
        defaultValue={view.setupForm?.values[name] ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className="h-10 w-full rounded-md border border-border bg-background px-3"
        {...input}
      />
      {help ? (
        <p id={`${name}-ajuda`} className="text-sm text-muted-foreground">
          {help}
        </p>
      ) : null}
      {error ? (
        <p id={`${name}-erro`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function SetupFormSection({ view }: { view: OrderPageView }) {
  const platformError = view.setupForm?.errors.platform;
  return (
    // noValidate: the server's Portuguese messages, not the browser's own bubbles (issue 25).
    <Form method="post" className="mt-4 grid gap-4" noValidate>
      <input type="hidden" name="intent" value="setup" />
      <h3 className="font-semibold">{setupCopy.title}</h3>
      <p className="text-sm">{setupCopy.intro}</p>
      <Field
        name="accountNumber"
        label={setupCopy.accountNumber}
        view={view}
        inputMode="numeric"
        required
      />
      <Field
        name="brokerServer"
        label={setupCopy.brokerServer}
        help={setupCopy.brokerServerHelp}
        view={view}
        required
      />
      <fieldset
        className="grid gap-1.5"
        aria-describedby={platformError ? "platform-erro" : undefined}
      >
        <legend className="text-sm font-medium">{setupCopy.platform}</legend>
        <div className="flex gap-4">
          {tradingPlatforms.map((platform) => (
            <label key={platform} className="flex items-center gap-2">
              <input
                type="radio"
                name="platform"
                value={platform}
                defaultChecked={view.setupForm?.values.platform === platform}
                required
              />
              {platform}
            </label>
          ))}
        </div>
        {platformError ? (
          <p id="platform-erro" className="text-sm text-danger">
            {platformError}
          </p>
        ) : null}
      </fieldset>
      <Field
        name="whatsapp"
        label={setupCopy.whatsapp}
        help={setupCopy.whatsappHelp}
        view={view}
        type="tel"
        required
      />
      {view.credentialEnabled ? (
        <Field
          name="credential"
          label={setupCopy.credential}
          help={setupCopy.credentialHelp}
          view={view}
          type="password"
          autoComplete="off"
        />
      ) : (
        <p className="text-sm text-muted-foreground">{setupCopy.noCredential}</p>
      )}
      <div>
        <button
          type="submit"
          className="rounded-md bg-primary px-6 py-3 font-semibold text-primary-foreground"
        >
          {setupCopy.submit}
        </button>
      </div>
    </Form>
  );
}

function currentStep(view: OrderPageView): number {
  if (view.state !== "paid") return 0;
  if (view.setupState === "running") return 3;
  return view.setupState === "awaiting-form" || view.setupState === null ? 1 : 2;
}

function Steps({ view }: { view: OrderPageView }) {
  const current = currentStep(view);
  return (
    <ol
      className="mt-6 grid grid-cols-2 gap-2 sm:grid-cols-4"
      aria-label={copy.title(view.robotName)}
    >
      {copy.steps.map((step, index) => (
        <li
          key={step}
          aria-current={index === current ? "step" : undefined}
          className={
            index === current
              ? "rounded-lg border-2 border-primary p-2 text-center font-semibold"
              : "rounded-lg border border-border p-2 text-center text-muted-foreground"
          }
        >
          {step}
          <span className="sr-only">
            {index === current
              ? ` (${copy.currentStep})`
              : index < current
                ? ` (${copy.doneStep})`
                : ""}
          </span>
        </li>
      ))}
    </ol>
  );
}

function Amounts({ view }: { view: OrderPageView }) {
  if (view.priceUsdCents === null || view.totalUsdCents === null) {
    return <p className="mt-3">{copy.onRequest}</p>;
  }
  const rows: Array<[string, string]> = [[copy.monthlyPrice, formatUsd(view.priceUsdCents)]];
  if (view.partnerDiscountUsdCents) {
    rows.push([copy.partnerDiscount, `− ${formatUsd(view.partnerDiscountUsdCents)}`]);
  }
  if (view.earlyDiscountUsdCents && view.earlyDiscountBp && view.earlyDiscountMonths) {
    rows.push([
      copy.earlyDiscount(formatPercent(view.earlyDiscountBp), view.earlyDiscountMonths),
      `− ${formatUsd(view.earlyDiscountUsdCents)}`,
    ]);
  }
  rows.push([copy.totalUsd, formatUsd(view.totalUsdCents)]);
  if (view.totalBrlCents !== null) rows.push([copy.totalBrl, formatBrl(view.totalBrlCents)]);
  return (
    <>
      <dl className="mt-3 grid gap-1">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt>{label}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-muted-foreground">
        {view.exchangeRate !== null && view.exchangeRateSetAt
          ? `${exchangeRateLine({
              rate: view.exchangeRate,
              source: view.exchangeRateQuotedOn ? "ptax" : "staff",
              quotedOn: view.exchangeRateQuotedOn,
              setAt: view.exchangeRateSetAt,
              reason: view.exchangeRateReason,
            })} ${copy.usdReference}`
          : copy.noRateYet}
      </p>
    </>
  );
}

/** The card provider's refusals, shown beside the card button rather than atop the page. */
const cardNotices: readonly string[] = [copy.cardUnavailable, copy.cardMisconfigured];

/** Whether the page's notice is a card refusal the card section shows beside its button. */
function cardNoticeBesideButton(view: OrderPageView): boolean {
  return (
    view.state === "awaiting-payment" &&
    view.cardEnabled &&
    view.notice !== null &&
    cardNotices.includes(view.notice)
  );
}

function PaymentMethods({ view }: { view: OrderPageView }) {
  const cardError = cardNoticeBesideButton(view) ? view.notice : null;
  const withMandate = Boolean(view.firstPaymentMandate?.mandate?.qr);
  return (
    <section aria-labelledby="formas" className="mt-6 rounded-2xl border border-border p-6">
      <h2 id="formas" className="text-lg font-semibold">
        {copy.methodsTitle}
      </h2>
      <h3 className="mt-4 font-semibold">{copy.pixTitle}</h3>
      {view.pix && view.totalBrlCents !== null ? (
        <div className="mt-2 grid gap-3">
          {/* While a mandate asked for with this payment awaits, the QR is its composite one. */}
          <p className="text-sm" data-testid="pix-ajuda">
            {withMandate ? mandateCopy.awaiting : copy.pixHelp}
          </p>
          <PixPayment
            id="pix-copia-e-cola"
            code={view.pix.code}
            qrSvg={view.pix.qrSvg}
            qrLabel={(withMandate ? mandateCopy.qrAlt : copy.pixQrAlt)(
              formatBrl(view.totalBrlCents),
            )}
            validUntil={formatDateTime(new Date(view.deadline))}
          />
          <FirstPaymentMandateSection
            mandate={view.firstPaymentMandate}
            refused={view.mandateForm}
          />
        </div>
      ) : (
        <p className="mt-1 text-sm">{copy.pixUnavailable}</p>
      )}
      <h3 className="mt-6 font-semibold">{copy.transferTitle}</h3>
      {view.bank ? (
        <>
          <dl className="mt-2 grid gap-1 text-sm">
            {(Object.keys(copy.bank) as Array<keyof typeof copy.bank>).map((key) =>
              view.bank?.[key] ? (
                <div key={key} className="flex gap-2">
                  <dt className="text-muted-foreground">{copy.bank[key]}:</dt>
                  <dd>{view.bank[key]}</dd>
                </div>
              ) : null,
            )}
          </dl>
          <p className="mt-2 text-sm">{copy.transferHelp(view.reference)}</p>
        </>
      ) : (
        <p className="mt-1 text-sm">{copy.transferUnavailable}</p>
      )}
      {view.cardEnabled ? (
        <>
          <h3 id="cartao" className="mt-6 font-semibold">
            {copy.cardTitle}
          </h3>
          {/* Answered without scripts, the page opens at the card's heading, where the
              refusal shows (decision 364). */}
          <Form method="post" action="#cartao" className="mt-2">
            <input type="hidden" name="intent" value="pay-card" />
            <button
              type="submit"
              aria-describedby={cardError ? "cartao-erro cartao-ajuda" : "cartao-ajuda"}
              className="rounded-md bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground"
            >
              {copy.cardButton}
            </button>
            {cardError ? (
              <p id="cartao-erro" role="alert" className="mt-2 text-sm font-medium text-danger">
                {cardError}
              </p>
            ) : null}
            <p id="cartao-ajuda" className="mt-1 text-sm">
              {copy.cardHelp}
            </p>
          </Form>
        </>
      ) : null}
      <h3 className="mt-6 font-semibold">
        {view.cardEnabled ? copy.linkTitleWithoutCard : copy.linkTitle}
      </h3>
      <p className="mt-1 text-sm">{copy.linkText}.</p>
      {view.linkMethod ? (
        <p role="status" className="mt-2 text-sm font-medium">
          {view.linkSentAt
            ? copy.linkSent(
                paymentMethodLabels[view.linkMethod],
                formatDateTime(new Date(view.linkSentAt)),
              )
            : copy.linkRequested(paymentMethodLabels[view.linkMethod])}
        </p>
      ) : null}
      <Form method="post" className="mt-2 flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="payment-link" />
        {linkPaymentMethods
          // One card button: with the provider configured, a card is paid there.
          .filter((method) => !(view.cardEnabled && method === "card"))
          .map((method) => (
            <button
              key={method}
              type="submit"
              name="method"
              value={method}
              className="rounded-md border border-border px-4 py-2 text-sm font-semibold"
            >
              {copy.linkButton(paymentMethodLabels[method])}
            </button>
          ))}
      </Form>
    </section>
  );
}

const closedTexts = {
  expired: [copy.expiredTitle, copy.expiredText],
  cancelled: [copy.cancelledTitle, copy.cancelledText],
  refunded: [copy.refundedTitle, copy.refundedText],
} as const;

export function OrderPage({ view }: { view: OrderPageView }) {
  return (
    <main id="conteudo" className="mx-auto max-w-2xl px-4 py-16">
      {awaitsConfirmation(view) ? <AwaitingPaymentRefresh /> : null}
      <h1 className="text-3xl font-bold">{copy.title(view.robotName)}</h1>
      <p className="mt-2 text-muted-foreground">
        {copy.reference}: <strong className="font-mono">{view.reference}</strong>
      </p>
      <Steps view={view} />
      {view.notice && !cardNoticeBesideButton(view) ? (
        <p role="status" className="mt-4 rounded-md border border-border p-3">
          {view.notice}
        </p>
      ) : null}
      {view.state === "expired" || view.state === "cancelled" || view.state === "refunded" ? (
        <section className="mt-6">
          <h2 className="text-xl font-semibold">{closedTexts[view.state][0]}</h2>
          <p className="mt-2">{closedTexts[view.state][1]}</p>
        </section>
      ) : null}
      {view.state === "paid" ? (
        <section
          aria-labelledby="configuracao"
          className="mt-6 rounded-2xl border border-border p-6"
        >
          <h2 id="configuracao" className="text-lg font-semibold">
            {copy.paidTitle}
          </h2>
          <p className="mt-2">{copy.paidText}</p>
          <p className="mt-2 font-medium">{copy.setupStates[view.setupState ?? "awaiting-form"]}</p>
          {view.setupState === "awaiting-form" ? <SetupFormSection view={view} /> : null}
        </section>
      ) : null}
      <section aria-labelledby="valores" className="mt-6 rounded-2xl border border-border p-6">
        <h2 id="valores" className="text-lg font-semibold">
          {copy.amountsTitle}
        </h2>
        <Amounts view={view} />
      </section>
      {view.state === "awaiting-payment" ? (
        <>
          <dl className="mt-6 grid gap-1">
            <dt className="text-sm text-muted-foreground">{copy.deadlineLabel}</dt>
            <dd className="text-lg font-semibold">{formatDateTime(new Date(view.deadline))}</dd>
            <dd>{copy.timeLeft(...hoursAndMinutesLeft(view.msLeft))}</dd>
            <dd className="text-sm text-muted-foreground">{copy.deadlineExplained}</dd>
          </dl>
          <PaymentMethods view={view} />
        </>
      ) : null}
    </main>
  );
}
