// The customer area's link (docs/decisions/185): works once, within 1 hour, like Meus dados'.
import { href } from "react-router";
import { accountCopy } from "../../content/account.ts";
import { defineMessage } from "../../platform/jobs/registry.ts";
import { actionMessage } from "../../platform/mail/layout.tsx";
import { entryLink } from "../privacy/email-links.server.ts";

const copy = accountCopy.email;

export const accountLinkMessage = defineMessage({
  name: "account-link",
  kind: "transactional",
  fields: ["entryId"],
  links: { token: entryLink("my-account", "1 hour") },
  compose: (_payload, { token }, context) =>
    actionMessage(
      copy,
      { greeting: copy.greeting, lines: [copy.body], path: href("/minha-conta/:token", { token }) },
      context,
    ),
});
