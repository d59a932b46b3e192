import { Form } from "react-router";
import { buttonClasses } from "../../components/ui/button.tsx";
import { FieldError, Input, Label, Select, Textarea } from "../../components/ui/form-fields.tsx";
import { Honeypot } from "../../components/ui/honeypot.tsx";
import { supportFormCopy as copy } from "../../content/support-form.ts";
import type { SupportSubscription } from "./conversations.server.ts";
import { MESSAGE_MAX_CHARS, NAME_MAX_CHARS } from "./model.ts";
import type { SupportFormValues } from "./schema.ts";

// The support form (decision 385), a plain POST that works without JavaScript: on /contato
// it asks name and e-mail; in the panel the person is known and picks a subscription.
// A refused post renders it again with what was typed and one message per field.

export interface SupportFormResult {
  form: "support";
  ok: boolean;
  message: string;
  values?: SupportFormValues;
  fieldErrors?: Partial<Record<keyof SupportFormValues, string>>;
}

function Field({
  id,
  name,
  label,
  help,
  error,
  children,
}: {
  id: string;
  name: string;
  label: string;
  help?: string;
  error?: string | undefined;
  children: (props: {
    id: string;
    name: string;
    "aria-invalid"?: true;
    "aria-describedby"?: string;
  }) => React.ReactNode;
}) {
  const described = [help ? `${id}-ajuda` : "", error ? `${id}-erro` : ""].filter(Boolean);
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      {help ? (
        <p id={`${id}-ajuda`} className="text-sm text-muted-foreground">
          {help}
        </p>
      ) : null}
      {children({
        id,
        name,
        ...(error ? { "aria-invalid": true as const } : {}),
        ...(described.length ? { "aria-describedby": described.join(" ") } : {}),
      })}
      <FieldError id={`${id}-erro`} message={error} />
    </div>
  );
}

export function SupportForm({
  action,
  subscriptions,
  result,
}: {
  /** Where the form posts (the page's own action, with its discriminator). */
  action: string;
  /** The panel: the person's subscriptions; /contato: undefined (name and e-mail asked). */
  subscriptions?: readonly SupportSubscription[] | undefined;
  result?: SupportFormResult | undefined;
}) {
  const values = result?.ok ? {} : (result?.values ?? {});
  const errors = result?.ok ? {} : (result?.fieldErrors ?? {});
  const prefix = subscriptions ? "suporte-conta" : "suporte-contato";
  return (
    <section aria-labelledby={`${prefix}-titulo`}>
      <h2 id={`${prefix}-titulo`} className="text-xl font-semibold">
        {copy.title}
      </h2>
      <p className="mt-2 text-muted-foreground">{copy.intro}</p>
      {result ? (
        <p
          role={result.ok ? "status" : "alert"}
          className="mt-4 rounded-md border border-border p-3"
        >
          {result.message}
        </p>
      ) : null}
      {/* A fresh form after a success: the key changes, so nothing typed stays. */}
      <Form
        key={result?.ok ? result.message : "form"}
        method="post"
        action={action}
        className="mt-4 space-y-4"
        noValidate
      >
        <input type="hidden" name="intent" value="support" />
        {subscriptions ? (
          subscriptions.length > 0 ? (
            <Field
              id={`${prefix}-assinatura`}
              name="subscription"
              label={copy.subscriptionLabel}
              error={errors.subscription}
            >
              {(props) => (
                <Select {...props} defaultValue={values.subscription ?? subscriptions[0]!.id}>
                  {subscriptions.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.robotName} ({s.orderReference})
                    </option>
                  ))}
                  <option value="">{copy.noSubscription}</option>
                </Select>
              )}
            </Field>
          ) : (
            <input type="hidden" name="subscription" value="" />
          )
        ) : (
          <>
            <Field id={`${prefix}-nome`} name="name" label={copy.nameLabel} error={errors.name}>
              {(props) => (
                <Input
                  {...props}
                  autoComplete="name"
                  maxLength={NAME_MAX_CHARS}
                  required
                  defaultValue={values.name}
                />
              )}
            </Field>
            <Field
              id={`${prefix}-email`}
              name="email"
              label={copy.emailLabel}
              help={copy.emailHelp}
              error={errors.email}
            >
              {(props) => (
                <Input
                  {...props}
                  type="email"
                  autoComplete="email"
                  required
                  defaultValue={values.email}
                />
              )}
            </Field>
            <Honeypot id={`${prefix}-website`} />
          </>
        )}
        <Field
          id={`${prefix}-mensagem`}
          name="message"
          label={copy.messageLabel}
          help={copy.messageHelp}
          error={errors.message}
        >
          {(props) => (
            <Textarea
              {...props}
              rows={6}
              maxLength={MESSAGE_MAX_CHARS}
              required
              defaultValue={values.message}
            />
          )}
        </Field>
        <button type="submit" className={buttonClasses({ size: "lg" })}>
          {copy.button}
        </button>
      </Form>
    </section>
  );
}
