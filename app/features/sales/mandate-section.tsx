import { Form } from "react-router";
import { buttonClasses } from "../../components/ui/button.tsx";
import { mandatePanelCopy as copy } from "../../content/pix-automatico.ts";
import { formatBrl } from "../orders/format.ts";
import { PixPayment } from "../orders/pix-payment.tsx";
import { formatLocalDate } from "../subscriptions/calendar.ts";
import type { MandatePanel } from "./pix-mandates.server.ts";

// A subscription's Pix Automático in /minha-conta (docs/decisions/355, 418): the mandate's
// state, its QR while it awaits the customer's bank, or the button that asks for one (a plain
// POST), made out to the CPF the customer gave once above; without one it says to give it.

export function MandateSection({
  subscriptionId,
  panel,
  payerCpf,
}: {
  subscriptionId: string;
  panel: MandatePanel | null;
  /** The payer's CPF as given for the PIX charges, shown formatted; null when none is. */
  payerCpf: string | null;
}) {
  if (!panel || (!panel.mandate && panel.offerCeilingBrlCents === null)) return null;
  const mandate = panel.mandate;
  const headingId = `pix-automatico-${subscriptionId}`;
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
          <p className="text-sm">{mandate.qr ? copy.awaiting : copy.awaitingBank}</p>
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
        <div className="mt-4 space-y-3">
          <p className="text-sm">{copy.offer}</p>
          <p className="text-sm text-muted-foreground">
            {copy.ceiling(formatBrl(panel.offerCeilingBrlCents))}
          </p>
          {payerCpf ? (
            <Form method="post" className="space-y-3" noValidate>
              <input type="hidden" name="intent" value="pix-automatico" />
              <input type="hidden" name="subscription" value={subscriptionId} />
              <p className="text-sm">{copy.payerCpf(payerCpf)}</p>
              <button type="submit" className={buttonClasses()}>
                {copy.authorise}
              </button>
            </Form>
          ) : (
            <p className="text-sm font-medium">{copy.cpfFirst}</p>
          )}
        </div>
      ) : null}
    </section>
  );
}
