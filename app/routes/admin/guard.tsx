import { Outlet } from "react-router";
import { requireAdmin } from "../../features/admin/guard.server.ts";
import type { Route } from "./+types/guard";

// Admin pages shown in the public site's frame rather than the admin's (the preview of a
// post): the same one guard as routes/admin/layout.tsx (docs/decisions/070), no other UI.

export const middleware: Route.MiddlewareFunction[] = [requireAdmin];

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
}

export default function AdminGuard() {
  return <Outlet />;
}
