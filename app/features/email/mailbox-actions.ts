import { z } from "zod";
import { rowId } from "../admin/schema-fields.ts";

// The buttons of /admin/emails: "reenviar" a failed message, "abrir" a local-mailbox message
// with usable links (docs/decisions/400).
export const mailboxIntents = { resend: "reenviar", open: "abrir" } as const;

export const mailboxActionForm = z.object({
  intent: z.enum([mailboxIntents.resend, mailboxIntents.open]).default(mailboxIntents.resend),
  id: rowId,
});
