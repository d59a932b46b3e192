import { z } from "zod";
import { mailboxCopy as copy } from "../../content/email.ts";

// /admin/emails?q=&apos=: a search of the recipient or subject, and the keyset position after
// which the local mailbox's page starts (docs/decisions/146).

const CURSOR_PATTERN =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export interface MailboxCursor {
  createdAt: string;
  id: string;
}

export const encodeMailboxCursor = (cursor: MailboxCursor) => `${cursor.createdAt}|${cursor.id}`;

export const mailboxQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(200, copy.searchTooLong)
    .transform((value) => value || undefined)
    .optional(),
  apos: z
    .string()
    .max(200, copy.invalidPage)
    .transform((value, context) => {
      const match = CURSOR_PATTERN.exec(value);
      if (!match || Number.isNaN(Date.parse(match[1]!))) {
        context.addIssue({ code: "custom", message: copy.invalidPage });
        return undefined;
      }
      return { createdAt: match[1]!, id: match[2]! };
    })
    .optional(),
});

export type MailboxQuery = z.output<typeof mailboxQuerySchema>;
