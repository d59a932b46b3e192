/** The audience filter's keys (those of /admin/lista that narrow who, not how it is shown). */
export const audienceFilterKeys = [
  "agente",
  "status",
  "confirmado",
  "origem",
  "de",
  "ate",
] as const;
