// The sign-up's messages: "Confirme sua inscrição" with its 7-day link (double opt-in,
// docs/decisions/081), its one reminder a day later (decision 204), and "already listed" to
// a confirmed address that signed up again (083).
import { href } from "react-router";
import { emailCopy } from "../../content/email.ts";
import { defineMessage } from "../../platform/jobs/registry.ts";
import { actionMessage } from "../../platform/mail/layout.tsx";
import { entryLink } from "../privacy/email-links.server.ts";

const confirm = emailCopy.confirmSignup;
const reminder = emailCopy.confirmSignupReminder;
const listed = emailCopy.alreadyListed;

export const confirmSignupMessage = defineMessage({
  name: "confirm-signup",
  kind: "transactional",
  fields: ["entryId", "name"],
  links: { token: entryLink("confirm-signup", "7 days") },
  compose: ({ name }, { token }, context) =>
    actionMessage(
      confirm,
      {
        greeting: confirm.greetingWithName(name),
        lines: [confirm.body],
        path: href("/confirmar/:token", { token }),
      },
      context,
    ),
});

export const confirmSignupReminderMessage = defineMessage({
  name: "confirm-signup-reminder",
  kind: "transactional",
  fields: ["entryId", "name", "eraseDays"],
  links: { token: entryLink("confirm-signup", "7 days") },
  compose: ({ name, eraseDays }, { token }, context) =>
    actionMessage(
      reminder,
      {
        greeting: reminder.greeting(name),
        lines: [reminder.body(eraseDays)],
        path: href("/confirmar/:token", { token }),
      },
      context,
    ),
});

export const alreadyListedMessage = defineMessage({
  name: "already-listed",
  kind: "transactional",
  fields: [],
  compose: (_payload, _links, context) =>
    actionMessage(
      listed,
      { greeting: listed.greeting, lines: [listed.body], path: href("/meus-dados") },
      context,
    ),
});
