import { Form } from "react-router";
import { buttonClasses } from "../../components/ui/button.tsx";
import { FieldError, Input, Label } from "../../components/ui/form-fields.tsx";
import { firstPaymentMandateCopy as copy, mandatePanelCopy } from "../../content/pix-automatico.ts";
import { formatBrl } from "../orders/format.ts";
import type { FirstPaymentMandate } from "./order-mandates.server.ts";

// The order page's offer to pay the first month and authorise Pix Automático in one QR
// (Jornada 3, docs/decisions/480): a plain POST with the payer's CPF, answered with the page
// again showing the composite QR in place of the charge's own; a refused CPF comes back
// beside its field as typed. The plain QR stays the default.

export function FirstPaymentMandateSection({
  mandate,
  refused,
}: {
  mandate: FirstPaymentMandate | null;
  /** A refused CPF, as typed, and why. */
  refused?: { cpf: string; error: string };
}) {
  if (!mandate) return null;
  const latest = mandate.mandate;
  const ended =
    latest?.state === "rejected"
      ? copy.rejected
      : latest?.state === "expired"
        ? copy.expired
        : latest?.state === "cancelled"
          ? copy.cancelled
          : null;
  if (mandate.offerCeilingBrlCents === null && !ended) return null;
  const inputId = "pix-automatico-cpf";
  return (
    <section aria-labelledby="pix-automatico" className="mt-4 rounded-xl border border-border p-4">
      <h4 id="pix-automatico" className="font-semibold">
        {copy.title}
      </h4>
      {ended ? (
        <p role="status" className="mt-2 text-sm font-medium">
          {ended}
        </p>
      ) : null}
      {mandate.offerCeilingBrlCents !== null ? (
        <>
          <p className="mt-2 text-sm">{copy.offer}</p>
          <p className="mt-2 text-sm text-muted-foreground">
            {mandatePanelCopy.ceiling(formatBrl(mandate.offerCeilingBrlCents))}
          </p>
          {/* noValidate: the server's Portuguese message, not the browser's bubble. */}
          <Form method="post" action="#pix-automatico" className="mt-3 space-y-3" noValidate>
            <input type="hidden" name="intent" value="pix-automatico" />
            <div className="space-y-1">
              <Label htmlFor={inputId}>{copy.cpfLabel}</Label>
              <Input
                id={inputId}
                name="cpf"
                required
                maxLength={18}
                inputMode="numeric"
                autoComplete="off"
                defaultValue={refused?.cpf ?? ""}
                aria-invalid={refused ? true : undefined}
                aria-describedby={refused ? `${inputId}-ajuda ${inputId}-erro` : `${inputId}-ajuda`}
              />
              <p id={`${inputId}-ajuda`} className="text-sm text-muted-foreground">
                {copy.cpfHelp}
              </p>
              <FieldError id={`${inputId}-erro`} message={refused?.error} />
            </div>
            <button type="submit" className={buttonClasses({ variant: "outline" })}>
              {copy.submit}
            </button>
          </Form>
        </>
      ) : null}
    </section>
  );
}
