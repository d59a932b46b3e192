import { SelectField, TextField } from "./field.tsx";

/**
 * A list filter's drop-down: a first option with the empty value (no filter: "Todos", or the
 * default order), then one option per value with its label.
 */
export function FilterSelect<Value extends string>({
  id,
  name,
  label,
  defaultValue,
  emptyLabel,
  values,
  labels,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  emptyLabel: string;
  values: readonly Value[];
  labels: Readonly<Record<Value, string>>;
}) {
  return (
    <SelectField id={id} name={name} label={label} defaultValue={defaultValue}>
      <option value="">{emptyLabel}</option>
      {values.map((value) => (
        <option key={value} value={value}>
          {labels[value]}
        </option>
      ))}
    </SelectField>
  );
}

/** A list filter's text and date fields, each named as the list's query parameter. */
export function FilterTextFields({
  fields,
  valueOf,
}: {
  fields: readonly { name: string; type: "text" | "date"; label: string }[];
  valueOf: (name: string) => string;
}) {
  return fields.map(({ name, type, label }) => (
    <TextField
      key={name}
      id={`filtro-${name}`}
      name={name}
      type={type}
      label={label}
      defaultValue={valueOf(name)}
    />
  ));
}
