// The intents of /admin/convites' forms (shared by the page and its action).
export const invitationIntents = {
  inviteNext: "convidar-proximos",
  invitePerson: "convidar-pessoa",
  revoke: "revogar",
  autoInvite: "convidar-automaticamente",
} as const;
