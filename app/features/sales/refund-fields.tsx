// Where a refund's money goes (a PIX key or the card), its receipt and the confirmation staff
// tick before it is sent: the refund page and "Pagamentos a resolver" ask the same.
import { Checkbox, Input, Label, Select } from "../../components/ui/form-fields.tsx";
import { refundPageCopy as copy } from "../../content/sales.ts";

export function RefundDestinationFields({ id, confirmText }: { id: string; confirmText: string }) {
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={`destino-${id}`}>{copy.destination}</Label>
        <Select id={`destino-${id}`} name="destination" required defaultValue="pix">
          <option value="pix">{copy.destinationPix}</option>
          <option value="card">{copy.destinationCard}</option>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`chave-${id}`}>{copy.pixKey}</Label>
        <Input id={`chave-${id}`} name="pixKey" maxLength={140} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`comprovante-${id}`}>{copy.reference}</Label>
        <Input id={`comprovante-${id}`} name="reference" required maxLength={200} />
      </div>
      <label className="flex items-center gap-2">
        <Checkbox name="confirm" required />
        <span>{confirmText}</span>
      </label>
    </>
  );
}
