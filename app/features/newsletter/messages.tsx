// The newsletter's messages (docs/decisions/104): the double opt-in link, then the welcome
// with one-click unsubscribe (a marketing message, decision 089).
import { href } from "react-router";
import { newsletterCopy } from "../../content/email.ts";
import { defineMessage } from "../../platform/jobs/registry.ts";
import { actionMessage } from "../../platform/mail/layout.tsx";
import { subscriberLink, unsubscribePath } from "../privacy/email-links.server.ts";

const confirm = newsletterCopy.confirmEmail;
const welcome = newsletterCopy.welcomeEmail;

export const confirmNewsletterMessage = defineMessage({
  name: "confirm-newsletter",
  kind: "transactional",
  fields: ["subscriberId"],
  links: { token: subscriberLink("confirm-newsletter", "7 days") },
  compose: (_payload, { token }, context) =>
    actionMessage(
      confirm,
      {
        greeting: confirm.greeting,
        lines: [confirm.body],
        path: href("/newsletter/confirmar/:token", { token }),
      },
      context,
    ),
});

export const newsletterWelcomeMessage = defineMessage({
  name: "newsletter-welcome",
  kind: "marketing",
  fields: ["subscriberId"],
  links: { unsubscribe: subscriberLink("unsubscribe", "forever") },
  compose: (_payload, { unsubscribe }, context) =>
    actionMessage(
      welcome,
      {
        greeting: welcome.greeting,
        lines: [welcome.body],
        path: href("/blog"),
        unsubscribePath: unsubscribePath(unsubscribe),
      },
      context,
    ),
});
