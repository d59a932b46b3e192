// The statement account's choices, one select each: the upload form and the signed
// statements' inbox ask the same (the kind of account, its server clock, its currency).
import { performanceAdminCopy, serverClockLabels } from "../../content/performance.ts";
import { SelectField } from "../admin/field.tsx";
import { accountCurrencies, accountKinds, serverClocks } from "./model.ts";

interface AccountSelectProps {
  id: string;
  label: string;
  defaultValue: string;
  error?: string | undefined;
  hint?: string;
}

export function AccountKindSelect(props: AccountSelectProps) {
  return (
    <SelectField name="accountKind" {...props}>
      {accountKinds.map((kind) => (
        <option key={kind} value={kind}>
          {performanceAdminCopy.accountKinds[kind]}
        </option>
      ))}
    </SelectField>
  );
}

export function ServerClockSelect(props: AccountSelectProps) {
  return (
    <SelectField name="serverClock" {...props}>
      {serverClocks.map((clock) => (
        <option key={clock} value={clock}>
          {serverClockLabels[clock]}
        </option>
      ))}
    </SelectField>
  );
}

export function CurrencySelect(props: AccountSelectProps) {
  return (
    <SelectField name="currency" {...props}>
      {accountCurrencies.map((currency) => (
        <option key={currency} value={currency}>
          {currency}
        </option>
      ))}
    </SelectField>
  );
}
