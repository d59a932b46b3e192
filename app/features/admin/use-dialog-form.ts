import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { ZodType } from "zod";
import { showToast } from "../../components/ui/toaster.tsx";
import { adminCopy } from "../../content/admin.ts";
import { type FieldErrors, parseForm } from "../../platform/http/parse-form.ts";
import type { ActionResult } from "./action-result.ts";
import { type ActionToastMessages, useActionToast } from "./use-action-toast.ts";

/** A form's current values as one comparable string. */
function formValues(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    params.append(name, typeof value === "string" ? value : value.name);
  }
  return params.toString();
}

/**
 * State of an admin dialog whose form posts through a fetcher: the schema checks the form
 * in the browser first (nothing is sent while it fails), the server's answer shows the
 * toast, a success closes the dialog and a failure marks the fields.
 *
 * With `guardChanges`, closing the dialog (Escape, the close button, a click outside) or
 * leaving the page while the form differs from what it showed when it opened asks first
 * (docs/decisions/078); `formRef` goes on the form.
 */
export function useDialogForm(
  schema: ZodType,
  messages: ActionToastMessages,
  { guardChanges = false }: { guardChanges?: boolean } = {},
) {
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const fetcher = useFetcher<ActionResult>();
  const form = useRef<HTMLFormElement | null>(null);
  const initialValues = useRef<string | null>(null);
  const formRef = useCallback((element: HTMLFormElement | null) => {
    form.current = element;
    initialValues.current = element ? formValues(element) : null;
  }, []);
  const changed = () =>
    guardChanges && form.current !== null && formValues(form.current) !== initialValues.current;

  const onResult = useCallback((result: ActionResult) => {
    if (result.ok) setOpen(false);
    else setErrors(result.fieldErrors ?? {});
  }, []);
  useActionToast(fetcher.state, fetcher.data, messages, onResult);

  useEffect(() => {
    if (!open || !guardChanges) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (changed()) event.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  });

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const parsed = parseForm(schema, new FormData(event.currentTarget));
    if (parsed.success) return setErrors({});
    event.preventDefault();
    setErrors(parsed.fieldErrors);
    showToast("error", messages.errorTitle, parsed.error);
  };
  const onOpenChange = (next: boolean) => {
    if (!next && changed() && !window.confirm(adminCopy.discardChanges)) return;
    setOpen(next);
    if (next) setErrors({});
  };
  return {
    open,
    onOpenChange,
    errors,
    fetcher,
    formRef,
    busy: fetcher.state !== "idle",
    onSubmit,
  };
}
