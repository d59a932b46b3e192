// The buttons of /admin/campanhas, read by its action.
export const campaignIntents = {
  create: "criar",
  save: "salvar",
  test: "testar",
  send: "enviar",
  schedule: "agendar",
  cancel: "cancelar",
} as const;
