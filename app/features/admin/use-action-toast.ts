import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { showToast } from "../../components/ui/toaster.tsx";
import type { ActionResult } from "./action-result.ts";

export interface ActionToastMessages {
  successTitle: string;
  successText: string;
  errorTitle: string;
}

/**
 * Shows the toast of docs/product.md section 8 once per action result (success, or the error
 * title with the server's reason) and calls `onResult` with it. When the session has
 * ended, the page reloads its data, which shows the login.
 */
export function useActionToast(
  state: "idle" | "loading" | "submitting",
  result: ActionResult | undefined,
  messages: ActionToastMessages,
  onResult?: (result: ActionResult) => void,
) {
  const handled = useRef<ActionResult | undefined>(undefined);
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) showToast("success", messages.successTitle, messages.successText);
    else showToast("error", messages.errorTitle, result.error);
    onResult?.(result);
    if (!result.ok && result.sessionExpired) void revalidate();
  }, [state, result, messages, onResult, revalidate]);
}
