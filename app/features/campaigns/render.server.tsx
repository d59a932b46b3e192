// A campaign's message: its Markdown body (sanitized, as posts are) in the brand's e-mail
// layout with the risk line and the company footer, plus the visible unsubscribe link.
// Rendered once per campaign; only the recipient's unsubscribe token differs between its
// messages, put into the one placeholder below (docs/decisions/163).
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { toPlainText } from "@react-email/render";
import { renderToStaticMarkup } from "react-dom/server";
import { emailCopy } from "../../content/email.ts";
import { Layout } from "../../platform/mail/layout.tsx";
import { renderPostHtml } from "../posts/markdown.server.ts";

export interface CampaignContent {
  subject: string;
  previewText: string;
  body: string;
}

export interface CampaignTemplate {
  subject: string;
  html: string;
  text: string;
}

const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';
// A token is 43 characters of [A-Za-z0-9_-]; the placeholder has a character no token has,
// so a body can never contain a real token where the placeholder stood.
const TOKEN_PLACEHOLDER = "~unsubscribe-token~";
const textOptions = { selectors: [{ selector: "a", options: { ignoreHref: true } }] };

export type RenderedCampaign = { ok: true; template: CampaignTemplate } | { ok: false };

export function renderCampaign(
  content: CampaignContent,
  context: { siteUrl: string; contactEmail: string },
): RenderedCampaign {
  const body = renderPostHtml(content.body);
  if (!body.ok) return { ok: false };
  const unsubscribeUrl = `${context.siteUrl}/descadastrar/${TOKEN_PLACEHOLDER}`;
  const html =
    DOCTYPE +
    renderToStaticMarkup(
      <Layout preview={content.previewText || content.subject} contactEmail={context.contactEmail}>
        <div dangerouslySetInnerHTML={{ __html: body.html }} />
        <Text style={{ color: "#6b7280", fontSize: "12px" }}>
          {emailCopy.unsubscribe} <Link href={unsubscribeUrl}>{unsubscribeUrl}</Link>
        </Text>
      </Layout>,
    );
  return {
    ok: true,
    template: { subject: content.subject, html, text: toPlainText(html, textOptions) },
  };
}

/** One recipient's message: the template with its own unsubscribe link. */
export function personalize(
  template: CampaignTemplate,
  siteUrl: string,
  token: string,
): CampaignTemplate & { unsubscribeUrl: string } {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new Error("not a link token");
  return {
    subject: template.subject,
    html: template.html.replaceAll(TOKEN_PLACEHOLDER, token),
    text: template.text.replaceAll(TOKEN_PLACEHOLDER, token),
    unsubscribeUrl: `${siteUrl}/descadastrar/${token}`,
  };
}
