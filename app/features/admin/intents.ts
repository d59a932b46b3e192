// The two forms that share a route's action tell themselves apart with an `intent` field:
// login and "Sair" on /admin, create and edit on /admin/blog, inviting a filter on /admin/lista
// (docs/decisions/070-admin-route-per-section.md).
export const loginIntents = { login: "login", logout: "logout" } as const;
export const postIntents = { create: "create-post", update: "update-post" } as const;
/** /admin/lista: status changes carry no intent; inviting the whole filter does. */
export const waitlistIntents = { inviteFilter: "convidar-filtro" } as const;
