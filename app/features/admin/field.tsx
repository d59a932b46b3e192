import { FieldError, Input, Label, Select, Textarea } from "../../components/ui/form-fields.tsx";

interface FieldProps {
  id: string;
  name: string;
  label: string;
  error?: string;
  hint?: string;
}

/**
 * Splits a field's props into its frame's and its control's; the control gets its id and its
 * links to the hint and error, for screen readers.
 */
function fieldParts<Rest>({ id, name, label, error, hint, ...rest }: FieldProps & Rest) {
  const describedBy = [hint ? `${id}-dica` : "", error ? `${id}-erro` : ""].filter(Boolean);
  return {
    frame: { id, label, error, hint },
    control: {
      name,
      id,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": describedBy.join(" ") || undefined,
      ...rest,
    },
  };
}

/** Label, hint and error around a control, linked for screen readers. */
function FieldFrame({
  id,
  label,
  error,
  hint,
  children,
}: Omit<FieldProps, "name"> & { children: React.ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-dica`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-erro`} message={error} />
    </div>
  );
}

/** A labelled input with its hint and error. */
export function TextField(
  props: FieldProps & Omit<React.InputHTMLAttributes<HTMLInputElement>, "id" | "name">,
) {
  const { frame, control } = fieldParts(props);
  return (
    <FieldFrame {...frame}>
      <Input {...control} />
    </FieldFrame>
  );
}

/** A labelled textarea with its hint and error. */
export function TextAreaField(
  props: FieldProps & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name">,
) {
  const { frame, control } = fieldParts(props);
  return (
    <FieldFrame {...frame}>
      <Textarea {...control} />
    </FieldFrame>
  );
}

/** A labelled select with its hint and error. */
export function SelectField(
  props: FieldProps & Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "id" | "name">,
) {
  const { frame, control } = fieldParts(props);
  return (
    <FieldFrame {...frame}>
      <Select {...control} />
    </FieldFrame>
  );
}
