import { FieldError, Input, Label, Textarea } from "../../components/ui/form-fields.tsx";

interface FieldProps {
  id: string;
  name: string;
  label: string;
  error?: string;
  hint?: string;
}

/** The control's id and its links to the hint and error, for screen readers. */
function controlProps(id: string, error?: string, hint?: string) {
  const describedBy = [hint ? `${id}-dica` : "", error ? `${id}-erro` : ""].filter(Boolean);
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy.join(" ") || undefined,
  } as const;
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
export function TextField({
  id,
  name,
  label,
  error,
  hint,
  ...props
}: FieldProps & Omit<React.InputHTMLAttributes<HTMLInputElement>, "id" | "name">) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <Input name={name} {...controlProps(id, error, hint)} {...props} />
    </FieldFrame>
  );
}

/** A labelled textarea with its hint and error. */
export function TextAreaField({
  id,
  name,
  label,
  error,
  hint,
  ...props
}: FieldProps & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name">) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <Textarea name={name} {...controlProps(id, error, hint)} {...props} />
    </FieldFrame>
  );
}
