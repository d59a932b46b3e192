import { useEffect, useRef } from "react";
import { isRouteErrorResponse, Link, useNavigation } from "react-router";
import { showToast } from "../../components/ui/toaster.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { adminCopy, loginCopy } from "../../content/admin.ts";
import { errorCopy } from "../../content/layout.ts";
import { AdminView } from "../../features/admin/admin-view.tsx";
import { adminIntents } from "../../features/admin/intents.ts";
import { handleAdminAction, loadAdminPage } from "../../features/admin/page.server.ts";
import { LoginForm } from "../../features/auth/login-form.tsx";
import { errorMessage } from "../../components/application-error.tsx";
import type { Route } from "./+types/admin";

// /admin: the login without a session, the admin view with one (SPEC.md section 2 Admin).
// Every admin mutation is this route's action (docs/decisions/032-admin-routes.md).

export function meta() {
  return [{ title: adminCopy.pageTitle }, { name: "robots", content: "noindex" }];
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

export function loader({ request }: Route.LoaderArgs) {
  return loadAdminPage(request);
}

export function action({ request, context }: Route.ActionArgs) {
  return handleAdminAction(request, context);
}

/** Toasts of SPEC.md section 8 for the login: success after the redirect, or the reason. */
function useLoginToasts(signedIn: boolean, result: Route.ComponentProps["actionData"]) {
  const navigation = useNavigation();
  const submittingLogin = navigation.formData?.get("intent") === adminIntents.login;
  const wasSubmitting = useRef(false);
  const handledResult = useRef(result);
  useEffect(() => {
    if (submittingLogin) {
      wasSubmitting.current = true;
    } else if (navigation.state === "idle" && wasSubmitting.current) {
      wasSubmitting.current = false;
      if (signedIn) showToast("success", loginCopy.successTitle, loginCopy.successText);
    }
  }, [submittingLogin, navigation.state, signedIn]);
  useEffect(() => {
    if (!result || result === handledResult.current) return;
    handledResult.current = result;
    if (!result.ok && result.intent === adminIntents.login) {
      showToast("error", loginCopy.errorTitle, result.error);
    }
  }, [result]);
}

export default function AdminPage({ loaderData, actionData }: Route.ComponentProps) {
  useLoginToasts(loaderData.view === "admin", actionData);
  return (
    <main id="conteudo" className="mx-auto max-w-6xl px-4 py-12">
      {loaderData.view === "admin" ? (
        <AdminView email={loaderData.email} panel={loaderData.panel} />
      ) : (
        <LoginForm result={actionData} />
      )}
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const expired = isRouteErrorResponse(error) && error.status === 401;
  const message = errorMessage(error);
  return (
    <main id="conteudo" className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold">{expired ? adminCopy.heading : errorCopy.title}</h1>
      <p className="mt-4">{expired ? adminCopy.sessionExpired : message}</p>
      {expired ? (
        <Link to="/admin" reloadDocument className={buttonClasses({ className: "mt-6" })}>
          {adminCopy.signInAgain}
        </Link>
      ) : null}
    </main>
  );
}
