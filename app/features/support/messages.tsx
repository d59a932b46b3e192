// The e-mails of a support conversation (decision 385): to the customer when it opens and for
// each staff answer, each with the conversation's reply address as its Reply-To so the
// customer's answer threads back; to staff for each customer message.
import { href } from "react-router";
import { supportEmailCopy as copy } from "../../content/support.ts";
import { defineMessage } from "../../platform/jobs/registry.ts";
import { actionMessage } from "../../platform/mail/layout.tsx";

/** The paragraphs of a typed text, blank lines between them. */
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);

/** `replyTo` empty: the inbox takes no e-mail, the transport's default Reply-To applies. */
const withReplyTo = (content: ReturnType<typeof actionMessage>, replyTo: string) =>
  replyTo ? { ...content, replyTo } : content;

export const supportReceivedMessage = defineMessage({
  name: "support-received",
  kind: "transactional",
  fields: ["reference", "promise", "message", "replyTo"],
  compose: (payload, _links, context) =>
    withReplyTo(
      actionMessage(
        { ...copy.received, subject: copy.received.subject(payload.reference) },
        {
          greeting: copy.received.greeting,
          lines: [
            copy.received.body(payload.reference, payload.promise),
            copy.received.yourMessage,
            ...paragraphs(payload.message),
            ...(payload.replyTo ? [copy.received.footerReply] : []),
          ],
        },
        context,
      ),
      payload.replyTo,
    ),
});

export const supportReplyMessage = defineMessage({
  name: "support-reply",
  kind: "transactional",
  fields: ["reference", "message", "replyTo"],
  compose: (payload, _links, context) =>
    withReplyTo(
      actionMessage(
        { ...copy.reply, subject: copy.reply.subject(payload.reference) },
        {
          greeting: copy.reply.greeting,
          lines: [
            copy.reply.intro(payload.reference),
            ...paragraphs(payload.message),
            ...(payload.replyTo ? [copy.reply.footerReply] : []),
          ],
        },
        context,
      ),
      payload.replyTo,
    ),
});

export const supportStaffNoticeMessage = defineMessage({
  name: "support-staff-notice",
  kind: "transactional",
  fields: ["reference", "due", "conversationId"],
  compose: (payload, _links, context) =>
    actionMessage(
      { ...copy.staffNotice, subject: copy.staffNotice.subject(payload.reference) },
      {
        greeting: copy.staffNotice.greeting,
        lines: [copy.staffNotice.body(payload.reference, payload.due)],
        path: href("/admin/suporte/:id", { id: payload.conversationId }),
      },
      context,
    ),
});

export const supportStaffOverdueMessage = defineMessage({
  name: "support-staff-overdue",
  kind: "transactional",
  fields: ["reference", "due", "conversationId"],
  compose: (payload, _links, context) =>
    actionMessage(
      { ...copy.staffOverdue, subject: copy.staffOverdue.subject(payload.reference) },
      {
        greeting: copy.staffOverdue.greeting,
        lines: [copy.staffOverdue.body(payload.reference, payload.due)],
        path: href("/admin/suporte/:id", { id: payload.conversationId }),
      },
      context,
    ),
});

export const supportFilesRefusedMessage = defineMessage({
  name: "support-files-refused",
  kind: "transactional",
  fields: ["reference", "files", "replyTo"],
  compose: (payload, _links, context) =>
    withReplyTo(
      actionMessage(
        { ...copy.filesRefused, subject: copy.filesRefused.subject(payload.reference) },
        {
          greeting: copy.filesRefused.greeting,
          lines: [
            copy.filesRefused.intro(payload.reference),
            ...payload.files.split("\n").filter(Boolean),
            copy.filesRefused.rules,
          ],
        },
        context,
      ),
      payload.replyTo,
    ),
});
