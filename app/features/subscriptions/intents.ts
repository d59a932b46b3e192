// The intents of /admin/assinaturas forms.
export const subscriptionIntents = {
  markPaid: "mark-renewal-paid",
  recordRefund: "record-refund",
  cancel: "cancel-subscription",
} as const;
