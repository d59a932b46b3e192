// The frame every message shares (react-email): the brand, the body, the footer with the risk
// line and the company contact; and ActionMessage, the greeting / paragraphs / button shape
// most messages take. One package per component: the @react-email/components index also loads
// the Tailwind compiler, about 35 MB of memory the server never uses (docs/decisions/063).
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
import { riskWarning } from "../../content/common.ts";
import { emailCopy } from "../../content/email.ts";
import type { MessageContent, MessageContext } from "../jobs/registry.ts";

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

export interface ActionMessageProps {
  preview: string;
  greeting: string;
  lines: readonly string[];
  /** The button's label and link, and the note under it. */
  action?: { button: string; url: string; ignore?: string } | undefined;
  contactEmail: string;
  /** Marketing messages only: where one click takes the address off the list. */
  unsubscribeUrl?: string | undefined;
}

export function ActionMessage({
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
      {lines.map((line, index) => (
        <Text key={index}>{line}</Text>
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

export interface ActionCopy {
  subject: string;
  preview: string;
  button?: string;
  ignore?: string;
}

/**
 * The content of a message in the ActionMessage shape: the copy's subject, preview, button
 * and note; the button goes to `path` on the site, when the message has one.
 */
export function actionMessage(
  copy: ActionCopy,
  parts: { greeting: string; lines: readonly string[]; path?: string; unsubscribePath?: string },
  { siteUrl, contactEmail }: MessageContext,
): MessageContent {
  const unsubscribeUrl = parts.unsubscribePath ? `${siteUrl}${parts.unsubscribePath}` : undefined;
  return {
    subject: copy.subject,
    unsubscribeUrl,
    element: (
      <ActionMessage
        preview={copy.preview}
        greeting={parts.greeting}
        lines={parts.lines}
        action={
          parts.path && copy.button
            ? { button: copy.button, url: `${siteUrl}${parts.path}`, ignore: copy.ignore }
            : undefined
        }
        contactEmail={contactEmail}
        unsubscribeUrl={unsubscribeUrl}
      />
    ),
  };
}
