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
import { render } from "@react-email/render";
import { riskWarning } from "../../content/common.ts";
import { emailCopy } from "../../content/email.ts";

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
  | { template: "already-listed"; payload: Record<string, never> };

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
  }
}

export async function renderEmail(job: EmailJob, context: RenderContext): Promise<RenderedEmail> {
  const { subject, element } = elementFor(job, context);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}
