import { useCallback, useState } from "react";
import { useFetcher } from "react-router";
import type { ZodType } from "zod";
import { showToast } from "../../components/ui/toaster.tsx";
import { type FieldErrors, parseForm } from "../../lib/parse-form.ts";
import type { ActionResult } from "./action-result.ts";
import { type ActionToastMessages, useActionToast } from "./use-action-toast.ts";

/**
 * State of an admin dialog whose form posts through a fetcher: the schema checks the form
 * in the browser first (nothing is sent while it fails), the server's answer shows SPEC.md's
 * toast, a success closes the dialog and a failure marks the fields.
 */
export function useDialogForm(schema: ZodType, messages: ActionToastMessages) {
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const fetcher = useFetcher<ActionResult>();
  const onResult = useCallback((result: ActionResult) => {
    if (result.ok) setOpen(false);
    else setErrors(result.fieldErrors ?? {});
  }, []);
  useActionToast(fetcher.state, fetcher.data, messages, onResult);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const parsed = parseForm(schema, new FormData(event.currentTarget));
    if (parsed.success) return setErrors({});
    event.preventDefault();
    setErrors(parsed.fieldErrors);
    showToast("error", messages.errorTitle, parsed.error);
  };
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) setErrors({});
  };
  return { open, onOpenChange, errors, fetcher, busy: fetcher.state !== "idle", onSubmit };
}
