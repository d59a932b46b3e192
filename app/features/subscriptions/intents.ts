// The intents of /admin/assinaturas forms.
export const subscriptionIntents = {
  markPaid: "mark-renewal-paid",
  cancel: "cancel-subscription",
  renewalTerms: "renewal-terms",
} as const;
