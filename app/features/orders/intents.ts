// The intents of /admin/pedidos and /admin/implantacao forms.
export const orderIntents = {
  setRate: "set-rate",
  setEarly: "set-early-discount",
  clearEarly: "clear-early-discount",
  markPaid: "mark-paid",
  markLinkSent: "mark-link-sent",
  cancel: "cancel",
  importStatement: "import-statement",
  applyImport: "apply-import",
} as const;
