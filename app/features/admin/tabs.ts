import { postsAdminCopy, robotsAdminCopy, waitlistAdminCopy } from "../../content/admin.ts";

// The admin view's tabs live in the URL (/admin, /admin?tab=robos, /admin?tab=blog), so a
// reload or the back button keeps the tab.
export const adminTabs = ["lista", "robos", "blog"] as const;
export type AdminTab = (typeof adminTabs)[number];
export const DEFAULT_ADMIN_TAB: AdminTab = "lista";

export const adminTabLabels: Record<AdminTab, string> = {
  lista: waitlistAdminCopy.tab,
  robos: robotsAdminCopy.tab,
  blog: postsAdminCopy.tab,
};

export function parseAdminTab(value: string | null | undefined): AdminTab {
  return (adminTabs as readonly string[]).includes(value ?? "")
    ? (value as AdminTab)
    : DEFAULT_ADMIN_TAB;
}

export function adminTabHref(tab: AdminTab): string {
  return tab === DEFAULT_ADMIN_TAB ? "/admin" : `/admin?tab=${tab}`;
}

/** The tab a location (pathname + search) shows, or null when it is not the admin page. */
export function adminTabOf(location: { pathname: string; search: string }): AdminTab | null {
  if (location.pathname.replace(/\/+$/, "") !== "/admin") return null;
  return parseAdminTab(new URLSearchParams(location.search).get("tab"));
}
