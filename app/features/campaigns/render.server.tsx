// A campaign's message: its Markdown body (sanitized, as posts are) in the brand's e-mail
// layout with the risk line and the company footer, plus the recipient's visible unsubscribe
// link. Each message is rendered from this component by the worker (docs/decisions/190); only
// the body's HTML, which depends on the campaign alone, is kept between messages.
import { Text } from "@react-email/text";
import { emailCopy } from "../../content/email.ts";
import type { MessageContent, MessageContext } from "../../platform/jobs/registry.ts";
import { Layout, MailLink } from "../../platform/mail/layout.tsx";
import { unsubscribePath } from "../privacy/email-links.server.ts";
import { renderPostHtml } from "../posts/markdown.server.ts";

export interface CampaignContent {
  subject: string;
  previewText: string;
  body: string;
}

/** What every message of a campaign shares: nothing of a recipient's. */
export interface CampaignBody {
  subject: string;
  previewText: string;
  /** The Markdown body, rendered and sanitized. */
  bodyHtml: string;
}

/** The campaign's shared part, or null when its body cannot be rendered. */
export async function campaignBody(content: CampaignContent): Promise<CampaignBody | null> {
  const body = await renderPostHtml(content.body);
  if (!body.ok) return null;
  return { subject: content.subject, previewText: content.previewText, bodyHtml: body.html };
}

/** One recipient's message: the campaign's body with that recipient's unsubscribe link. */
export function campaignMessage(
  campaign: CampaignBody,
  unsubscribeToken: string,
  context: MessageContext,
): MessageContent {
  const unsubscribeUrl = `${context.siteUrl}${unsubscribePath(unsubscribeToken)}`;
  return {
    subject: campaign.subject,
    unsubscribeUrl,
    element: (
      <Layout
        title={campaign.subject}
        preview={campaign.previewText || campaign.subject}
        siteUrl={context.siteUrl}
        contactEmail={context.contactEmail}
      >
        <div dangerouslySetInnerHTML={{ __html: campaign.bodyHtml }} />
        <Text style={{ color: "#6b7280", fontSize: "12px" }}>
          {emailCopy.unsubscribe} <MailLink href={unsubscribeUrl}>{unsubscribeUrl}</MailLink>
        </Text>
      </Layout>
    ),
  };
}
