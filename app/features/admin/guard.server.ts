import { createContext, data, href, type MiddlewareFunction, redirect } from "react-router";
import { adminCopy } from "../../content/admin.ts";
import { type AdminSession, getAdminSession } from "../../lib/auth.server.ts";
import type { ActionResult } from "./action-result.ts";

/** The signed-in admin, set by `requireAdmin` for every route under the admin layout. */
export const adminSessionContext = createContext<AdminSession>();

/**
 * The one guard of every admin section (docs/decisions/070-admin-route-per-section.md): the
 * admin layout's middleware, so it runs before any child's loader or action, including
 * routes added later. Without a session a page load goes to the login, which brings the
 * admin back here afterwards; any other request answers 401.
 */
export const requireAdmin: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = await getAdminSession(request);
  if (!session) {
    const method = request.method.toUpperCase();
    if (method === "GET" || method === "HEAD") {
      const url = new URL(request.url);
      const next = url.pathname.replace(/\.data$/, "") + url.search;
      throw redirect(`${href("/admin")}?${new URLSearchParams({ next })}`);
    }
    throw data<ActionResult>(
      { ok: false, error: adminCopy.sessionExpired, sessionExpired: true },
      { status: 401 },
    );
  }
  context.set(adminSessionContext, session);
  return next();
};
