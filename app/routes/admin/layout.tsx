import { useEffect } from "react";
import { fleetAdminCopy } from "../../content/fleet.ts";
import { supportAdminCopy } from "../../content/support.ts";
import {
  Form,
  href,
  isRouteErrorResponse,
  NavLink,
  Outlet,
  useLocation,
  useNavigation,
} from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { errorMessage } from "../../components/application-error.tsx";
import { showToast } from "../../components/ui/toaster.tsx";
import {
  adminCopy,
  postsAdminCopy,
  robotsAdminCopy,
  waitlistAdminCopy,
} from "../../content/admin.ts";
import { campaignsAdminCopy } from "../../content/campaigns.ts";
import { deliverabilityAdminCopy } from "../../content/deliverability.ts";
import { mailboxCopy } from "../../content/email.ts";
import { subscribersAdminCopy } from "../../content/newsletter-admin.ts";
import { invitationsAdminCopy } from "../../content/invitations.ts";
import { ordersAdminCopy, setupAdminCopy } from "../../content/orders.ts";
import { subscriptionsAdminCopy } from "../../content/subscriptions.ts";
import { errorCopy } from "../../content/layout.ts";
import { robotSwitchesPageCopy } from "../../content/sales.ts";
import { adminSessionContext, requireAdmin } from "../../features/admin/guard.server.ts";
import { loginIntents } from "../../features/admin/intents.ts";
import {
  type AdminSection,
  adminSectionHref,
  adminSectionLabels,
  adminSections,
} from "../../features/admin/sections.ts";
import { LoginForm } from "../../features/auth/login-form.tsx";
import { cn } from "../../lib/cn.ts";
import type { Route } from "./+types/layout";

// Every /admin/* section: one guard for all of them (docs/decisions/070), the heading,
// "Sair" and the section links.

export const middleware: Route.MiddlewareFunction[] = [requireAdmin];

export function meta() {
  return [{ title: adminCopy.pageTitle }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
}

export function loader({ context }: Route.LoaderArgs) {
  return { email: context.get(adminSessionContext).email };
}

const loadingText: Record<AdminSection, string> = {
  lista: waitlistAdminCopy.loading,
  convites: invitationsAdminCopy.loading,
  pedidos: ordersAdminCopy.loading,
  implantacao: setupAdminCopy.loading,
  assinaturas: subscriptionsAdminCopy.loading,
  "ligar-desligar": robotSwitchesPageCopy.loading,
  frota: fleetAdminCopy.loading,
  suporte: supportAdminCopy.loading,
  robos: robotsAdminCopy.loading,
  blog: postsAdminCopy.loading,
  campanhas: campaignsAdminCopy.loading,
  assinantes: subscribersAdminCopy.loading,
  emails: mailboxCopy.loading,
  entregabilidade: deliverabilityAdminCopy.loading,
};

/** The section a link navigation is loading (not a form's), or null. */
function usePendingSection(): AdminSection | null {
  const navigation = useNavigation();
  if (navigation.state !== "loading" || navigation.formMethod) return null;
  const section = navigation.location.pathname.split("/")[2];
  return adminSections.find((candidate) => candidate === section) ?? null;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const signingOut = navigation.formData?.get("intent") === loginIntents.logout;
  const pending = usePendingSection();
  return (
    <main id="conteudo" className="mx-auto max-w-6xl px-4 py-12">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{adminCopy.heading}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{loaderData.email}</p>
        </div>
        <Form method="post" action={href("/admin")}>
          <input type="hidden" name="intent" value={loginIntents.logout} />
          <Button type="submit" variant="outline" disabled={signingOut}>
            {adminCopy.signOut}
          </Button>
        </Form>
      </div>
      <nav aria-label={adminCopy.tabsLabel} className="mt-8">
        <ul className="inline-flex flex-wrap gap-1 rounded-lg bg-muted p-1">
          {adminSections.map((section) => (
            <li key={section}>
              <NavLink
                to={adminSectionHref(section)}
                className={({ isActive }) =>
                  cn(
                    "inline-block rounded-md px-3 py-1.5 text-sm font-medium",
                    isActive ? "bg-background text-foreground shadow" : "text-muted-foreground",
                  )
                }
              >
                {adminSectionLabels[section]}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        {pending ? (
          <p role="status" className="text-muted-foreground">
            {loadingText[pending]}
          </p>
        ) : (
          <Outlet />
        )}
      </div>
    </main>
  );
}

/**
 * A 401 (the session ended while the page was open) shows the reason in a toast and the
 * login, which brings the admin back to this page; any other error its message.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const expired = isRouteErrorResponse(error) && error.status === 401;
  const location = useLocation();
  useEffect(() => {
    if (expired) showToast("error", waitlistAdminCopy.errorTitle, adminCopy.sessionExpired);
  }, [expired]);
  if (expired) {
    const next = new URLSearchParams({ next: location.pathname + location.search });
    return (
      <main id="conteudo" className="mx-auto max-w-6xl px-4 py-12">
        <p role="alert" className="mx-auto mb-6 max-w-md">
          {adminCopy.sessionExpired}
        </p>
        <LoginForm action={`${href("/admin")}?${next}`} />
      </main>
    );
  }
  return (
    <main id="conteudo" className="mx-auto max-w-2xl px-4 py-16">
      <h1 lang="en" className="text-3xl font-bold">
        {errorCopy.title}
      </h1>
      <p className="mt-4">{errorCopy.textPt}</p>
      <p className="mt-4">{errorMessage(error)}</p>
    </main>
  );
}
