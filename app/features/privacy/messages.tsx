// The Meus dados link (docs/decisions/085 and 086): works once, within 1 hour.
import { href } from "react-router";
import { myDataCopy } from "../../content/email.ts";
import { defineMessage } from "../../platform/jobs/registry.ts";
import { actionMessage } from "../../platform/mail/layout.tsx";
import { entryLink } from "./email-links.server.ts";

const copy = myDataCopy.email;

export const myDataLinkMessage = defineMessage({
  name: "my-data-link",
  kind: "transactional",
  fields: ["entryId"],
  links: { token: entryLink("my-data", "1 hour") },
  compose: (_payload, { token }, context) =>
    actionMessage(
      copy,
      { greeting: copy.greeting, lines: [copy.body], path: href("/meus-dados/:token", { token }) },
      context,
    ),
});
