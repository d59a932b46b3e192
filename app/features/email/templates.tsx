// The messages as React components (react-email): one layout with the brand and the footer
// (risk line, company contact), one component per message. Rendered by the worker, never
// inside a request; each message gets an HTML and a plain-text part.
// One package per component: the @react-email/components index also loads the Tailwind
// compiler, about 35 MB of memory the server never uses (docs/decisions/063).
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { render, toPlainText } from "@react-email/render";
import { riskWarning } from "../../content/common.ts";
import { emailCopy, myDataCopy, newsletterCopy } from "../../content/email.ts";
import { invitationEmailCopy } from "../../content/invitations.ts";

const colors = { brand: "#0f766e", text: "#1f2937", muted: "#6b7280" } as const;

interface LayoutProps {
  preview: string;
  contactEmail: string;
  children: React.ReactNode;
}

export function Layout({ preview, contactEmail, children }: LayoutProps) {
  return (
    <Html lang="pt-BR">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: "#f9fafb", fontFamily: "Arial, sans-serif" }}>
        <Container style={{ backgroundColor: "#ffffff", padding: "24px", maxWidth: "560px" }}>
          <Heading as="h1" style={{ color: colors.brand, fontSize: "22px" }}>
            {emailCopy.brand}
          </Heading>
          <Section style={{ color: colors.text }}>{children}</Section>
          <Hr />
          <Text style={{ color: colors.muted, fontSize: "12px" }}>
            {riskWarning.title}: {riskWarning.text}
          </Text>
          <Text style={{ color: colors.muted, fontSize: "12px" }}>
            {emailCopy.footerContact} <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link>.{" "}
            {emailCopy.footerAutomatic}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

interface MessageCopy {
  subject: string;
  preview: string;
  /** Messages without a link (a confirmation of what was done) have no button. */
  button?: string;
  ignore?: string;
}

interface ActionMessageProps {
  preview: string;
  greeting: string;
  lines: readonly string[];
  /** The button's label and link, and the note under it. */
  action?: { button: string; url: string; ignore?: string };
  contactEmail: string;
  /** Marketing messages only: where one click takes the address off the list. */
  unsubscribeUrl?: string;
}

function ActionMessage({
  preview,
  greeting,
  lines,
  action,
  contactEmail,
  unsubscribeUrl,
}: ActionMessageProps) {
  return (
    <Layout preview={preview} contactEmail={contactEmail}>
      <Text>{greeting}</Text>
      {lines.map((line) => (
        <Text key={line}>{line}</Text>
      ))}
      {action ? (
        <>
          <Button
            href={action.url}
            style={{ backgroundColor: colors.brand, color: "#ffffff", padding: "12px 20px" }}
          >
            {action.button}
          </Button>
          <Text style={{ fontSize: "13px" }}>
            <Link href={action.url}>{action.url}</Link>
          </Text>
          {action.ignore ? (
            <Text style={{ color: colors.muted, fontSize: "13px" }}>{action.ignore}</Text>
          ) : null}
        </>
      ) : null}
      {unsubscribeUrl ? (
        <Text style={{ color: colors.muted, fontSize: "12px" }}>
          {emailCopy.unsubscribe} <Link href={unsubscribeUrl}>{unsubscribeUrl}</Link>
        </Text>
      ) : null}
    </Layout>
  );
}

/** Every message the site sends, with the data each one needs. */
export type EmailJob =
  | { template: "confirm-signup"; payload: { name: string; token: string } }
  | { template: "already-listed"; payload: Record<string, never> }
  | { template: "my-data-link"; payload: { token: string } }
  | { template: "confirm-newsletter"; payload: { token: string } }
  | { template: "newsletter-welcome"; payload: { unsubscribeToken: string } }
  | {
      template: "invitation";
      payload: {
        name: string;
        robotName: string;
        price: string;
        discountedPrice: string;
        deadline: string;
        token: string;
      };
    }
  | {
      template: "invitation-reminder";
      payload: { name: string; robotName: string; deadline: string; token: string };
    }
  | {
      template: "invitation-accepted";
      payload: { name: string; robotName: string; price: string; discountedPrice: string };
    };

export type EmailTemplate = EmailJob["template"];
type PayloadOf<T extends EmailTemplate> = Extract<EmailJob, { template: T }>["payload"];

interface TemplateSpec<T extends EmailTemplate> {
  copy: MessageCopy;
  greeting: (payload: PayloadOf<T>) => string;
  /** The paragraphs before the button. */
  lines: (payload: PayloadOf<T>) => readonly string[];
  /** The button's path on the site; none for a message without a button. */
  path?: (payload: PayloadOf<T>) => string;
  /**
   * Not strictly transactional: carries List-Unsubscribe and List-Unsubscribe-Post
   * (RFC 8058) to /descadastrar/<payload.unsubscribeToken> (docs/decisions/089).
   */
  marketing?: true;
}

/** A message whose greeting and text are fixed: only its link varies. */
function fixedText(copy: MessageCopy & { greeting: string; body: string }) {
  return { copy, greeting: () => copy.greeting, lines: () => [copy.body] };
}

const invitation = invitationEmailCopy.invitation;
const reminder = invitationEmailCopy.reminder;
const accepted = invitationEmailCopy.accepted;

const templates: { [T in EmailTemplate]: TemplateSpec<T> } = {
  "confirm-signup": {
    copy: emailCopy.confirmSignup,
    greeting: ({ name }) => emailCopy.confirmSignup.greetingWithName(name),
    lines: () => [emailCopy.confirmSignup.body],
    path: ({ token }) => `/confirmar/${token}`,
  },
  "already-listed": { ...fixedText(emailCopy.alreadyListed), path: () => "/meus-dados" },
  "my-data-link": { ...fixedText(myDataCopy.email), path: ({ token }) => `/meus-dados/${token}` },
  "confirm-newsletter": {
    ...fixedText(newsletterCopy.confirmEmail),
    path: ({ token }) => `/newsletter/confirmar/${token}`,
  },
  "newsletter-welcome": {
    ...fixedText(newsletterCopy.welcomeEmail),
    path: () => "/blog",
    marketing: true,
  },
  invitation: {
    copy: invitation,
    greeting: ({ name }) => invitation.greeting(name),
    lines: (payload) => [
      invitation.body(payload.robotName),
      invitation.price(payload.price),
      invitation.discounted(payload.discountedPrice),
      invitation.deadline(payload.deadline),
    ],
    path: ({ token }) => `/convite/${token}`,
  },
  "invitation-reminder": {
    copy: reminder,
    greeting: ({ name }) => reminder.greeting(name),
    lines: (payload) => [reminder.body(payload.robotName), reminder.deadline(payload.deadline)],
    path: ({ token }) => `/convite/${token}`,
  },
  "invitation-accepted": {
    copy: accepted,
    greeting: ({ name }) => accepted.greeting(name),
    lines: (payload) => [
      accepted.body(payload.robotName),
      ...accepted.steps.map((step, index) => `${index + 1}. ${step}`),
      accepted.price(payload.price, payload.discountedPrice),
    ],
  },
};

export function isMarketingTemplate(template: EmailTemplate): boolean {
  return templates[template].marketing === true;
}

export const unsubscribePath = (token: string) => `/descadastrar/${token}`;

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  /** The one-click unsubscribe link of a marketing message (List-Unsubscribe). */
  unsubscribeUrl?: string;
}

export interface RenderContext {
  siteUrl: string;
  contactEmail: string;
}

function elementFor<T extends EmailTemplate>(
  template: T,
  payload: PayloadOf<T>,
  { siteUrl, contactEmail }: RenderContext,
) {
  const spec: TemplateSpec<T> = templates[template];
  const unsubscribeToken = (payload as { unsubscribeToken?: string }).unsubscribeToken ?? "";
  const { copy } = spec;
  return {
    subject: copy.subject,
    element: (
      <ActionMessage
        preview={copy.preview}
        greeting={spec.greeting(payload)}
        lines={spec.lines(payload)}
        action={
          spec.path && copy.button
            ? { button: copy.button, url: `${siteUrl}${spec.path(payload)}`, ignore: copy.ignore }
            : undefined
        }
        contactEmail={contactEmail}
        unsubscribeUrl={
          spec.marketing ? `${siteUrl}${unsubscribePath(unsubscribeToken)}` : undefined
        }
      />
    ),
  };
}

/** A placeholder for a payload field: plain ASCII that React, HTML and text keep as is. */
const marker = (field: string) => `__FIELD_${field}__`;
const markerPattern = /__FIELD_(\w+)__/g;

const htmlEscapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => htmlEscapes[c] ?? c);

// Each message is rendered by React once per template, with markers for its payload fields,
// then filled per message (one pass, so a value is never scanned again): React rendering
// took ~9 ms per message and capped the drain rate (docs/decisions/084).
const skeletons = new Map<string, Promise<RenderedEmail>>();

function skeletonOf(job: EmailJob, context: RenderContext): Promise<RenderedEmail> {
  const key = `${job.template}\n${context.siteUrl}\n${context.contactEmail}`;
  let skeleton = skeletons.get(key);
  if (!skeleton) {
    const markers = Object.fromEntries(Object.keys(job.payload).map((f) => [f, marker(f)]));
    const { subject, element } = elementFor(job.template, markers as never, context);
    skeleton = render(element).then((html) => ({ subject, html, text: toPlainText(html) }));
    skeletons.set(key, skeleton);
  }
  return skeleton;
}

export async function renderEmail(job: EmailJob, context: RenderContext): Promise<RenderedEmail> {
  const { subject, html, text } = await skeletonOf(job, context);
  const payload: Record<string, string> = job.payload;
  const unsubscribeToken = payload.unsubscribeToken;
  const fill = (escape: (value: string) => string) => (whole: string, field: string) =>
    field in payload ? escape(payload[field] ?? "") : whole;
  return {
    subject,
    html: html.replace(markerPattern, fill(escapeHtml)),
    text: text.replace(
      markerPattern,
      fill((value) => value),
    ),
    unsubscribeUrl:
      isMarketingTemplate(job.template) && unsubscribeToken
        ? `${context.siteUrl}${unsubscribePath(unsubscribeToken)}`
        : undefined,
  };
}
