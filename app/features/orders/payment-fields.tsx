import { Input, Label, Select } from "../../components/ui/form-fields.tsx";
import { paymentMethodLabels, paymentMethodPlaceholder } from "../../content/orders.ts";
import { paymentMethods } from "./model.ts";

/**
 * How a payment (or refund) was made and its reference, as staff record it by hand; `id`
 * keeps the controls' ids apart when a page shows the form more than once.
 */
export function PaymentFields({
  id,
  methodLabel,
  referenceLabel,
  typed,
}: {
  id: string;
  methodLabel: string;
  referenceLabel: string;
  /** What staff sent in a refused form, to fill it again. */
  typed?: Record<string, string>;
}) {
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={`forma-${id}`}>{methodLabel}</Label>
        {/* A required select starts with an empty option (the W3C checker; decision 402);
            PIX, the usual way, stays chosen. */}
        <Select id={`forma-${id}`} name="method" required defaultValue={typed?.method ?? "pix"}>
          <option value="">{paymentMethodPlaceholder}</option>
          {paymentMethods.map((method) => (
            <option key={method} value={method}>
              {paymentMethodLabels[method]}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`ref-${id}`}>{referenceLabel}</Label>
        <Input
          id={`ref-${id}`}
          name="reference"
          required
          maxLength={200}
          defaultValue={typed?.reference}
        />
      </div>
    </>
  );
}
