import { Form, useNavigation } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { FieldError, Input, Label } from "../../components/ui/form-fields.tsx";
import { loginCopy as copy } from "../../content/admin.ts";
import { adminIntents, type AdminActionResult } from "../admin/intents.ts";

/** The login (SPEC.md section 2 Admin): a plain form post, so it works without JavaScript. */
export function LoginForm({ result }: { result?: AdminActionResult }) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" && navigation.formData?.get("intent") === adminIntents.login;
  const failure = result && !result.ok ? result : undefined;
  const fieldErrors = failure?.fieldErrors ?? {};
  const formError = failure && !failure.fieldErrors ? failure.error : undefined;

  return (
    <section className="mx-auto max-w-md rounded-lg border border-border bg-card p-8">
      <h1 className="text-3xl font-bold">{copy.heading}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{copy.description}</p>
      <Form method="post" className="mt-6 grid gap-4">
        <input type="hidden" name="intent" value={adminIntents.login} />
        <div className="grid gap-1.5">
          <Label htmlFor="login-email">{copy.email}</Label>
          <Input
            id="login-email"
            name="email"
            type="email"
            autoComplete="username"
            required
            defaultValue={failure?.email}
            aria-invalid={fieldErrors.email ? true : undefined}
            aria-describedby={fieldErrors.email ? "login-email-erro" : undefined}
          />
          <FieldError id="login-email-erro" message={fieldErrors.email} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="login-senha">{copy.password}</Label>
          <Input
            id="login-senha"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={fieldErrors.password ? true : undefined}
            aria-describedby={fieldErrors.password ? "login-senha-erro" : undefined}
          />
          <FieldError id="login-senha-erro" message={fieldErrors.password} />
        </div>
        {formError ? (
          <p role="alert" className="text-sm text-danger">
            {formError}
          </p>
        ) : null}
        <Button type="submit" disabled={busy}>
          {busy ? copy.submitting : copy.submit}
        </Button>
      </Form>
    </section>
  );
}
