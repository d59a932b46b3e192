import { href } from "react-router";
import { postsAdminCopy, robotsAdminCopy, waitlistAdminCopy } from "../../content/admin.ts";
import { campaignsAdminCopy } from "../../content/campaigns.ts";
import { deliverabilityAdminCopy } from "../../content/deliverability.ts";
import { fleetAdminCopy } from "../../content/fleet.ts";
import { mailboxCopy } from "../../content/email.ts";
import { subscribersAdminCopy } from "../../content/newsletter-admin.ts";
import { invitationsAdminCopy } from "../../content/invitations.ts";
import { ordersAdminCopy, setupAdminCopy } from "../../content/orders.ts";
import { robotSwitchesPageCopy } from "../../content/sales.ts";
import { subscriptionsAdminCopy } from "../../content/subscriptions.ts";
import { supportAdminCopy } from "../../content/support.ts";

// Each admin section is a route of its own under /admin
// (docs/decisions/070-admin-route-per-section.md); the tabs are links to them.
export const adminSections = [
  "lista",
  "convites",
  "pedidos",
  "implantacao",
  "assinaturas",
  "ligar-desligar",
  "frota",
  "suporte",
  "robos",
  "blog",
  "campanhas",
  "assinantes",
  "emails",
  "entregabilidade",
] as const;
export type AdminSection = (typeof adminSections)[number];
export const DEFAULT_ADMIN_SECTION: AdminSection = "lista";

export const adminSectionLabels: Record<AdminSection, string> = {
  lista: waitlistAdminCopy.tab,
  convites: invitationsAdminCopy.tab,
  pedidos: ordersAdminCopy.tab,
  implantacao: setupAdminCopy.tab,
  assinaturas: subscriptionsAdminCopy.tab,
  "ligar-desligar": robotSwitchesPageCopy.tab,
  frota: fleetAdminCopy.tab,
  suporte: supportAdminCopy.tab,
  robos: robotsAdminCopy.tab,
  blog: postsAdminCopy.tab,
  campanhas: campaignsAdminCopy.tab,
  assinantes: subscribersAdminCopy.tab,
  emails: mailboxCopy.title,
  entregabilidade: deliverabilityAdminCopy.tab,
};

export function adminSectionHref(section: AdminSection): string {
  return href(`/admin/${section}` as const);
}

/** The URL an old `/admin?tab=…` link meant (unknown or missing tab: the waitlist). */
export function legacyTabHref(tab: string | null): string {
  const section = (adminSections as readonly string[]).includes(tab ?? "")
    ? (tab as AdminSection)
    : DEFAULT_ADMIN_SECTION;
  return adminSectionHref(section);
}

const NEXT_MAX_LENGTH = 2048;

/**
 * Where to go after the login: `next` when it is a path inside the admin area on this site
 * (no scheme, no `//host`, no backslash), otherwise the old `tab` link's section.
 */
export function safeNextPath(next: string | null, tab: string | null): string {
  if (
    next &&
    next.length <= NEXT_MAX_LENGTH &&
    // No backslash (browsers read it as a slash) and no control character: CR/LF would
    // split the Location header, which then cannot be sent at all (a 500).
    // eslint-disable-next-line no-control-regex
    /^\/admin\/[^\\\u0000-\u001f\u007f]*$/.test(next) &&
    !next.startsWith("//") &&
    new URL(next, "http://x").origin === "http://x"
  ) {
    return next;
  }
  return legacyTabHref(tab);
}
