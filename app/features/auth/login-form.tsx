import { Form, useNavigation } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { loginCopy as copy } from "../../content/admin.ts";
import { TextField } from "../admin/field.tsx";
import type { ActionResult } from "../admin/action-result.ts";
import { loginIntents } from "../admin/intents.ts";

/** The login (docs/product.md section 2 Admin): a plain form post, so it works without JavaScript. */
export function LoginForm({
  result,
  action,
}: {
  result?: ActionResult<"email" | "password">;
  /** Where the form posts: the login route itself unless given. */
  action?: string;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" && navigation.formData?.get("intent") === loginIntents.login;
  const failure = result && !result.ok ? result : undefined;
  const fieldErrors = failure?.fieldErrors ?? {};
  const formError = failure && !failure.fieldErrors ? failure.error : undefined;

  return (
    <section className="mx-auto max-w-md rounded-lg border border-border bg-card p-8">
      <h1 className="text-3xl font-bold">{copy.heading}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{copy.description}</p>
      <Form method="post" action={action} className="mt-6 grid gap-4" noValidate>
        <input type="hidden" name="intent" value={loginIntents.login} />
        <TextField
          id="login-email"
          name="email"
          type="email"
          label={copy.email}
          autoComplete="username"
          required
          defaultValue={failure?.email}
          error={fieldErrors.email}
        />
        <TextField
          id="login-senha"
          name="password"
          type="password"
          label={copy.password}
          autoComplete="current-password"
          required
          error={fieldErrors.password}
        />
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
