import { Form } from "react-router";
import { buttonClasses } from "../../components/ui/button.tsx";
import { FieldError, Input, Label } from "../../components/ui/form-fields.tsx";
import { mandatePanelCopy as copy } from "../../content/pix-automatico.ts";
import { formatBrl } from "../orders/format.ts";
import { PixPayment } from "../orders/pix-payment.tsx";
import { formatLocalDate } from "../subscriptions/calendar.ts";
import type { MandatePanel } from "./pix-mandates.server.ts";

// A subscription's Pix Automático in /minha-conta (docs/decisions/355): the mandate's state,
// its QR while it awaits the customer's bank, or the form that asks for one (a plain POST).

export function MandateSection({
  subscriptionId,
  panel,
  cpfError,
  cpfValue,
}: {
  subscriptionId: string;
  panel: MandatePanel | null;
  /** A refused CPF's message, and the CPF as typed (kept in the field). */
  cpfError?: string;
  cpfValue?: string;
}) {
  if (!panel || (!panel.mandate && panel.offerCeilingBrlCents === null)) return null;
  const mandate = panel.mandate;
  const headingId = `pix-automatico-${subscriptionId}`;
  const inputId = `cpf-${subscriptionId}`;
  const ended =
    mandate?.state === "cancelled"
      ? mandate.endedBy === "payer"
        ? copy.cancelledByPayer
        : copy.cancelledByUs
      : mandate?.state === "rejected"
        ? copy.rejected
        : mandate?.state === "expired"
          ? copy.expired
          : null;
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-xl border border-border p-5">
      <h3 id={headingId} className="text-lg font-semibold">
        {copy.title}
      </h3>
      {mandate ? (
        <p className="mt-2">
          <span className="text-sm text-muted-foreground">{copy.stateLabel}: </span>
          <strong data-testid="pix-automatico-estado">{copy.states[mandate.state]}</strong>
        </p>
      ) : null}
      {mandate?.state === "approved" ? (
        <p className="mt-2 text-sm">
          {mandate.cancelRequested ? copy.cancelling : copy.approved}{" "}
          {panel.debitOn ? copy.debitOn(formatLocalDate(panel.debitOn)) : null}
        </p>
      ) : null}
      {mandate?.state === "awaiting-payer" ? (
        <div className="mt-2 grid gap-3">
          <p className="text-sm">{copy.awaiting}</p>
          {mandate.qr ? (
            <PixPayment
              id={`pix-automatico-qr-${subscriptionId}`}
              code={mandate.qr.code}
              qrSvg={mandate.qr.qrSvg}
              qrLabel={copy.qrAlt}
              validUntil={null}
            />
          ) : null}
        </div>
      ) : null}
      {mandate && mandate.state !== "cancelled" ? (
        <p className="mt-2 text-sm text-muted-foreground">
          {copy.ceiling(formatBrl(mandate.ceilingBrlCents))}
        </p>
      ) : null}
      {ended ? <p className="mt-2 text-sm">{ended}</p> : null}
      {panel.offerCeilingBrlCents !== null ? (
        <Form method="post" className="mt-4 space-y-3" noValidate>
          <p className="text-sm">{copy.offer}</p>
          <p className="text-sm text-muted-foreground">
            {copy.ceiling(formatBrl(panel.offerCeilingBrlCents))}
          </p>
          <input type="hidden" name="intent" value="pix-automatico" />
          <input type="hidden" name="subscription" value={subscriptionId} />
          <div className="space-y-1">
            <Label htmlFor={inputId}>{copy.cpfLabel}</Label>
            <Input
              id={inputId}
              name="cpf"
              inputMode="numeric"
              autoComplete="off"
              maxLength={20}
              defaultValue={cpfValue ?? ""}
              required
              aria-invalid={cpfError ? true : undefined}
              aria-describedby={cpfError ? `${inputId}-erro` : `${inputId}-dica`}
            />
            <p id={`${inputId}-dica`} className="text-sm text-muted-foreground">
              {copy.cpfHint}
            </p>
            <FieldError id={`${inputId}-erro`} message={cpfError} />
          </div>
          <button type="submit" className={buttonClasses()}>
            {copy.authorise}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
