// The messages as React components (react-email): one layout with the brand and the footer
// (risk line, company contact), one component per message. Rendered by the worker, never
// inside a request; each message gets an HTML and a plain-text part.
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import { render, toPlainText } from "@react-email/render";
import { riskWarning } from "../../content/common.ts";
import { emailCopy, myDataCopy } from "../../content/email.ts";

const colors = { brand: "#0f766e", text: "#1f2937", muted: "#6b7280" } as const;

interface LayoutProps {
  preview: string;
  contactEmail: string;
  children: React.ReactNode;
}

function Layout({ preview, contactEmail, children }: LayoutProps) {
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

interface ActionMessageProps {
  copy: { preview: string; body: string; button: string; ignore: string };
  greeting: string;
  url: string;
  contactEmail: string;
}

function ActionMessage({ copy, greeting, url, contactEmail }: ActionMessageProps) {
  return (
    <Layout preview={copy.preview} contactEmail={contactEmail}>
      <Text>{greeting}</Text>
      <Text>{copy.body}</Text>
      <Button
        href={url}
        style={{ backgroundColor: colors.brand, color: "#ffffff", padding: "12px 20px" }}
      >
        {copy.button}
      </Button>
      <Text style={{ fontSize: "13px" }}>
        <Link href={url}>{url}</Link>
      </Text>
      <Text style={{ color: colors.muted, fontSize: "13px" }}>{copy.ignore}</Text>
    </Layout>
  );
}

/** Every message the site sends, with the data each one needs. */
export type EmailJob =
  | { template: "confirm-signup"; payload: { name: string; token: string } }
  | { template: "already-listed"; payload: Record<string, never> }
  | { template: "my-data-link"; payload: { token: string } };

export type EmailTemplate = EmailJob["template"];

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export interface RenderContext {
  siteUrl: string;
  contactEmail: string;
}

function elementFor(job: EmailJob, { siteUrl, contactEmail }: RenderContext) {
  switch (job.template) {
    case "confirm-signup":
      return {
        subject: emailCopy.confirmSignup.subject,
        element: (
          <ActionMessage
            copy={emailCopy.confirmSignup}
            greeting={emailCopy.confirmSignup.greeting(job.payload.name)}
            url={`${siteUrl}/confirmar/${job.payload.token}`}
            contactEmail={contactEmail}
          />
        ),
      };
    case "already-listed":
      return {
        subject: emailCopy.alreadyListed.subject,
        element: (
          <ActionMessage
            copy={emailCopy.alreadyListed}
            greeting={emailCopy.alreadyListed.greeting}
            url={`${siteUrl}/meus-dados`}
            contactEmail={contactEmail}
          />
        ),
      };
    case "my-data-link":
      return {
        subject: myDataCopy.email.subject,
        element: (
          <ActionMessage
            copy={myDataCopy.email}
            greeting={myDataCopy.email.greeting}
            url={`${siteUrl}/meus-dados/${job.payload.token}`}
            contactEmail={contactEmail}
          />
        ),
      };
  }
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
    const { subject, element } = elementFor({ ...job, payload: markers } as EmailJob, context);
    skeleton = render(element).then((html) => ({ subject, html, text: toPlainText(html) }));
    skeletons.set(key, skeleton);
  }
  return skeleton;
}

export async function renderEmail(job: EmailJob, context: RenderContext): Promise<RenderedEmail> {
  const { subject, html, text } = await skeletonOf(job, context);
  const payload: Record<string, string> = job.payload;
  const fill = (escape: (value: string) => string) => (whole: string, field: string) =>
    field in payload ? escape(payload[field] ?? "") : whole;
  return {
    subject,
    html: html.replace(markerPattern, fill(escapeHtml)),
    text: text.replace(
      markerPattern,
      fill((value) => value),
    ),
  };
}
