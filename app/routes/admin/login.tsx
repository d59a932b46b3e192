import { useEffect, useRef } from "react";
import { redirect, useNavigation } from "react-router";
import { showToast } from "../../components/ui/toaster.tsx";
import { adminCopy, loginCopy } from "../../content/admin.ts";
import { actionFailed } from "../../features/admin/action-result.server.ts";
import { ADMIN_FORM_MAX_BYTES } from "../../features/admin/form.server.ts";
import { loginIntents } from "../../features/admin/intents.ts";
import { safeNextPath } from "../../features/admin/sections.ts";
import { login, logout } from "../../features/auth/login.server.ts";
import { LoginForm } from "../../features/auth/login-form.tsx";
import { getAdminSession } from "../../lib/auth.server.ts";
import { readForm } from "../../platform/http/read-form.server.ts";
import { clientIpContext } from "../../platform/http/request-context.ts";
import type { Route } from "./+types/login";

// /admin: the login of docs/product.md section 2 Admin without a session; with one, the section the
// admin was going to (`?next=`, or an old `?tab=` link). "Sair" posts here too.

export function meta() {
  return [{ title: adminCopy.pageTitle }, { name: "robots", content: "noindex" }];
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

function destination(request: Request): string {
  const params = new URL(request.url).searchParams;
  return safeNextPath(params.get("next"), params.get("tab"));
}

export async function loader({ request }: Route.LoaderArgs) {
  if (await getAdminSession(request)) throw redirect(destination(request));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readForm(request, ADMIN_FORM_MAX_BYTES);
  if (!read.ok) return actionFailed(read.status, read.message);
  const intent = read.form.get("intent");
  if (intent === loginIntents.login) {
    return login(request, read.form, context.get(clientIpContext), destination(request));
  }
  if (intent === loginIntents.logout) return logout(request);
  return actionFailed(400, adminCopy.unknownAction);
}

/**
 * The login's toasts (docs/product.md section 8): success once the login redirects into a section,
 * or the reason of a failure.
 */
function useLoginToasts(result: Route.ComponentProps["actionData"]) {
  const navigation = useNavigation();
  const handled = useRef(result);
  const signedIn =
    navigation.state === "loading" &&
    navigation.formData?.get("intent") === loginIntents.login &&
    navigation.location.pathname.startsWith("/admin/");
  useEffect(() => {
    if (signedIn) showToast("success", loginCopy.successTitle, loginCopy.successText);
  }, [signedIn]);
  useEffect(() => {
    if (navigation.state !== "idle" || !result || result === handled.current) return;
    handled.current = result;
    if (!result.ok) showToast("error", loginCopy.errorTitle, result.error);
  }, [result, navigation.state]);
}

export default function AdminLoginPage({ actionData }: Route.ComponentProps) {
  useLoginToasts(actionData);
  return (
    <main id="conteudo" className="mx-auto max-w-6xl px-4 py-12">
      <LoginForm result={actionData} />
    </main>
  );
}
