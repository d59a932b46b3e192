import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Form, href, useNavigation, useSubmit } from "react-router";
import type * as SchemaModuleShape from "./schema.ts";
import { showToast } from "../../components/ui/toaster.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox, FieldError, Input, Label, Textarea } from "../../components/ui/form-fields.tsx";
import { agentIds, agentNames, type AgentId } from "../../content/agent-ids.ts";
import { signupFormCopy as copy, signupToasts } from "../../content/signup.ts";
import {
  attributionFields,
  firstInvalidField,
  signupErrorSummary,
  signupLimits,
  type SignupActionData,
  type SignupAttribution,
  type SignupField,
  type SignupFieldErrors,
} from "./fields.ts";
import { Honeypot } from "../../components/ui/honeypot.tsx";

// The schema (Zod) is fetched when the visitor first touches the form, not with the page.
type SchemaModule = typeof SchemaModuleShape;
let schemaModule: SchemaModule | undefined;
const loadSchema = () => import("./schema.ts").then((module) => (schemaModule = module));

interface SignupFormProps {
  /** Ticked on arrival (`/contato?agente=yenmax`). */
  preselectedAgent: AgentId | null;
  /** The page's campaign and external referrer, sent along in hidden fields. */
  attribution: SignupAttribution;
  /** The action's last answer. */
  result: SignupActionData | undefined;
}

const ids: Record<SignupField, string> = {
  name: "signup-name",
  email: "signup-email",
  agents: "signup-agents",
  message: "signup-message",
  terms: "signup-terms",
  contact: "signup-contact",
};
const errorId = (field: SignupField) => `${ids[field]}-error`;
const confirmationId = "signup-confirmation";

/**
 * The waitlist form. Without JavaScript it is a plain POST: a success is redirected to the
 * confirmation, an error answered by the page (messages in the page, typed values kept).
 * With JavaScript the shared schema runs first, and the answers become the toasts of docs/product.md section 8; a
 * success also leaves the confirmation in the page, focused, and clears every field (docs/decisions/023-signup-answers-with-and-without-javascript.md).
 */
export function SignupForm({ preselectedAgent, attribution, result }: SignupFormProps) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<SignupFieldErrors | null>(null);
  // Bumped by every success: the form remounts empty, all boxes unticked.
  const [cleared, setCleared] = useState(0);
  const [seenResult, setSeenResult] = useState(result);
  if (result !== seenResult) {
    setSeenResult(result);
    setClientErrors(null);
    if (result?.ok) setCleared((count) => count + 1);
  }

  const failed = result && !result.ok ? result : undefined;
  const errors = clientErrors ?? failed?.errors ?? {};
  const values = failed?.values;
  const initialAgent = result || cleared > 0 ? null : preselectedAgent;
  // Without JavaScript the browser moves the focus (autofocus) after a rejected post.
  const autoFocusField = hydrated ? undefined : firstInvalidField(errors);

  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      showToast(
        "success",
        signupToasts.successTitle,
        `${signupToasts.successText} ${signupToasts.confirmText}`,
      );
      // The confirmation stays on the page and takes the focus.
      document.getElementById(confirmationId)?.focus();
      return;
    }
    showToast(
      "error",
      signupToasts.errorTitle,
      signupErrorSummary(result.errors) ?? result.formError,
    );
    focusField(formRef.current, firstInvalidField(result.errors));
  }, [result]);

  const submit = useSubmit();

  /** Runs the shared schema; false (with the errors shown) when the form must not be sent. */
  function validateInBrowser(form: HTMLFormElement, schema: SchemaModule): boolean {
    const validation = schema.validateSignup(schema.readSignupFields(new FormData(form)));
    if (validation.success) {
      setClientErrors(null);
      return true;
    }
    // docs/product.md section 5: without the terms (or any valid field) nothing is sent.
    setClientErrors(validation.fieldErrors);
    showToast("error", signupToasts.errorTitle, signupErrorSummary(validation.fieldErrors));
    focusField(form, firstInvalidField(validation.fieldErrors));
    return false;
  }

  function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    if (schemaModule) {
      if (!validateInBrowser(form, schemaModule)) event.preventDefault();
      return;
    }
    // Submitted before the schema arrived: wait for it, then send the form ourselves.
    event.preventDefault();
    void loadSchema().then((schema) => {
      if (validateInBrowser(form, schema)) void submit(form, { preventScrollReset: true });
    });
  }

  const fieldProps = (field: SignupField, focusable = true) => ({
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? errorId(field) : undefined,
    autoFocus: focusable && autoFocusField === field,
  });

  return (
    <Form
      key={`${cleared}-${preselectedAgent ?? ""}`}
      ref={formRef}
      method="post"
      noValidate
      onSubmit={handleSubmit}
      onFocus={() => void loadSchema()}
      preventScrollReset
      aria-label={copy.formLabel}
      className="space-y-6"
    >
      {result && (result.ok || !hydrated) ? <PageMessage result={result} /> : null}

      <div className="space-y-2">
        <Label htmlFor={ids.name}>{copy.nameLabel}</Label>
        <Input
          id={ids.name}
          name="name"
          type="text"
          autoComplete="name"
          required
          maxLength={signupLimits.nameMax}
          placeholder={copy.namePlaceholder}
          defaultValue={values?.name}
          {...fieldProps("name")}
        />
        <ErrorSlot field="name" errors={errors} />
      </div>

      <div className="space-y-2">
        <Label htmlFor={ids.email}>{copy.emailLabel}</Label>
        <Input
          id={ids.email}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={signupLimits.emailMax}
          placeholder={copy.emailPlaceholder}
          defaultValue={values?.email}
          {...fieldProps("email")}
        />
        <ErrorSlot field="email" errors={errors} />
      </div>

      <fieldset className="space-y-3" aria-describedby={`${ids.agents}-hint`}>
        <legend className="text-sm font-medium">{copy.agentsLegend}</legend>
        <p id={`${ids.agents}-hint`} className="text-sm text-muted-foreground">
          {copy.agentsHint}
        </p>
        <div className="grid gap-3 sm:grid-cols-3">
          {agentIds.map((id, index) => (
            <div
              key={id}
              className="flex items-center gap-3 rounded-md border border-border px-3 py-3"
            >
              <Checkbox
                id={`${ids.agents}-${id}`}
                name="agents"
                value={id}
                defaultChecked={values ? values.agents.includes(id) : initialAgent === id}
                {...fieldProps("agents", index === 0)}
                className="mt-0!"
              />
              <Label htmlFor={`${ids.agents}-${id}`} className="cursor-pointer">
                {agentNames[id]}
              </Label>
            </div>
          ))}
        </div>
        <ErrorSlot field="agents" errors={errors} />
      </fieldset>

      <div className="space-y-2">
        <Label htmlFor={ids.message}>{copy.messageLabel}</Label>
        <Textarea
          id={ids.message}
          name="message"
          rows={4}
          maxLength={signupLimits.messageMax}
          placeholder={copy.messagePlaceholder}
          defaultValue={values?.message}
          {...fieldProps("message")}
        />
        <ErrorSlot field="message" errors={errors} />
      </div>

      <div className="space-y-2">
        <div className="flex items-start gap-3">
          <Checkbox
            id={ids.terms}
            name="terms"
            required
            defaultChecked={values?.terms}
            {...fieldProps("terms")}
          />
          <Label htmlFor={ids.terms} className="font-normal! leading-relaxed">
            {copy.termsBefore}
            <LegalLink href={href("/termos")}>{copy.termsLink}</LegalLink>
            {copy.termsBetween}
            <LegalLink href={href("/privacidade")}>{copy.privacyLink}</LegalLink>
            {copy.termsAnd}
            <LegalLink href={href("/aviso-de-risco")}>{copy.riskLink}</LegalLink>
            {copy.termsAfter}
          </Label>
        </div>
        <ErrorSlot field="terms" errors={errors} />
      </div>

      <div className="space-y-2">
        <div className="flex items-start gap-3">
          <Checkbox
            id={ids.contact}
            name="contact"
            defaultChecked={values?.contact}
            {...fieldProps("contact")}
          />
          <Label htmlFor={ids.contact} className="font-normal! leading-relaxed">
            {copy.contactLabel}
          </Label>
        </div>
        <ErrorSlot field="contact" errors={errors} />
      </div>

      <Honeypot id="signup-website" />
      {(Object.keys(attributionFields) as (keyof SignupAttribution)[]).map((part) =>
        attribution[part] ? (
          <input
            key={part}
            type="hidden"
            name={attributionFields[part]}
            value={attribution[part]}
          />
        ) : null,
      )}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">{copy.requiredNote}</p>
        <Button type="submit" size="lg" disabled={submitting}>
          {submitting ? copy.submitting : copy.submit}
        </Button>
      </div>
    </Form>
  );
}

/** A field's error in a live region that is always present, so it is announced. */
function ErrorSlot({ field, errors }: { field: SignupField; errors: SignupFieldErrors }) {
  return (
    <div aria-live="polite">
      <FieldError id={errorId(field)} message={errors[field]} />
    </div>
  );
}

/**
 * The answer shown in the page: a confirmation after any success, and without JavaScript a
 * rejection too (with JavaScript that one is a toast and the fields' messages).
 */
function PageMessage({ result }: { result: SignupActionData }) {
  if (result.ok) {
    return (
      <div
        id={confirmationId}
        role="status"
        tabIndex={-1}
        className="rounded-md border border-green-500/40 bg-green-500/10 p-4"
      >
        <p className="font-semibold text-green-300">{signupToasts.successTitle}</p>
        <p className="text-sm">{signupToasts.successText}</p>
        <p className="mt-1 text-sm">{signupToasts.confirmText}</p>
      </div>
    );
  }
  return (
    <div role="alert" className="rounded-md border border-danger/50 bg-danger/10 p-4">
      <p className="font-semibold text-danger">{signupToasts.errorTitle}</p>
      <p className="text-sm">{signupErrorSummary(result.errors) ?? result.formError}</p>
    </div>
  );
}

function LegalLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener" className="text-primary underline">
      {children}
      <span className="sr-only">{copy.opensInNewTab}</span>
    </a>
  );
}

function focusField(form: HTMLFormElement | null, field: SignupField | undefined) {
  if (!form || !field) return;
  form.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
}

const noSubscription = () => () => {};

/** False on the server and during hydration, true once React runs in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
