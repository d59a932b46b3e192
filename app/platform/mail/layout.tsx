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

// The site's teal (5.5:1 on white) for the heading, the button and every link: react-email's
// default link blue (#067df7) reads at 3.9:1, under WCAG's 4.5:1 for text.
const colors = { brand: "#0f766e", text: "#1f2937", muted: "#6b7280" } as const;

/**
 * A link in a message: the brand's colour, underlined (told apart from the text around it by
 * more than colour), and a long address breaks to fit a phone.
 */
export function MailLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Link
      href={href}
      style={{ color: colors.brand, textDecoration: "underline", wordBreak: "break-all" }}
    >
      {children}
    </Link>
  );
}

/**
 * A line that may hold a word longer than a phone's width (the 145-character PIX code, an
 * address) breaks inside it rather than widening the message; `word-break: break-word` is
 * for clients without `overflow-wrap: anywhere`.
 */
const wrapped = { overflowWrap: "anywhere", wordBreak: "break-word" } as const;

interface LayoutProps {
  /** The subject, as the document's title. */
  title: string;
  preview: string;
  /** The logo is the site's own icon, by absolute address. */
  siteUrl: string;
  contactEmail: string;
  children: React.ReactNode;
}

export function Layout({ title, preview, siteUrl, contactEmail, children }: LayoutProps) {
  return (
    <Html lang="pt-BR">
      <Head>
        <title>{title}</title>
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: "#f9fafb", fontFamily: "Arial, sans-serif", margin: 0 }}>
        <Container style={{ backgroundColor: "#ffffff", padding: "24px", maxWidth: "560px" }}>
          <Heading as="h1" style={{ color: colors.brand, fontSize: "22px" }}>
            <img
              src={`${siteUrl}/icon-192.png`}
              width="32"
              height="32"
              alt=""
              style={{ verticalAlign: "middle", marginRight: "8px", border: 0 }}
            />
            {emailCopy.brand}
          </Heading>
          <Section style={{ color: colors.text }}>{children}</Section>
          <Hr />
          <Text style={{ color: colors.muted, fontSize: "12px" }}>
            {riskWarning.title}: {riskWarning.text}
          </Text>
          <Text style={{ color: colors.muted, fontSize: "12px" }}>
            {emailCopy.footerContact}{" "}
            <MailLink href={`mailto:${contactEmail}`}>{contactEmail}</MailLink>.{" "}
            {emailCopy.footerAutomatic}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export interface ActionMessageProps {
  title: string;
  preview: string;
  siteUrl: string;
  greeting: string;
  lines: readonly string[];
  /** The button's label and link, and the note under it. */
  action?: { button: string; url: string; ignore?: string } | undefined;
  contactEmail: string;
  /** Marketing messages only: where one click takes the address off the list. */
  unsubscribeUrl?: string | undefined;
}

export function ActionMessage({
  title,
  preview,
  siteUrl,
  greeting,
  lines,
  action,
  contactEmail,
  unsubscribeUrl,
}: ActionMessageProps) {
  return (
    <Layout title={title} preview={preview} siteUrl={siteUrl} contactEmail={contactEmail}>
      <Text>{greeting}</Text>
      {lines.map((line, index) => (
        <Text key={index} style={wrapped}>
          {line}
        </Text>
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
            <MailLink href={action.url}>{action.url}</MailLink>
          </Text>
          {action.ignore ? (
            <Text style={{ color: colors.muted, fontSize: "13px" }}>{action.ignore}</Text>
          ) : null}
        </>
      ) : null}
      {unsubscribeUrl ? (
        <Text style={{ color: colors.muted, fontSize: "12px" }}>
          {emailCopy.unsubscribe} <MailLink href={unsubscribeUrl}>{unsubscribeUrl}</MailLink>
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
        title={copy.subject}
        preview={copy.preview}
        siteUrl={siteUrl}
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
