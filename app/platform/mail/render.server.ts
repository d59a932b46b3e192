// Renders one message from its React component, every time (docs/decisions/114): HTML by
// React's static renderer, the plain-text part from that HTML by html-to-text with
// react-email's selectors. Only the text converter is kept between messages (docs/decisions/
// 196): it is compiled from fixed options, holds no message's data, and compiling it was half
// of each message's rendering. A document holding only what the layout writes gets the same
// text from a single pass over it that follows html-to-text's rules (decision 311).
import { plainTextSelectors } from "@react-email/render";
import { compile } from "html-to-text";
import { renderToStaticMarkup } from "react-dom/server";
import type {
  AnyMessage,
  MessageContent,
  MessageContext,
  MessageKind,
  Payload,
} from "../jobs/registry.ts";
import { personName } from "./person-name.ts";
import { layoutPlainText } from "./plain-text.server.ts";

export interface RenderedMessage {
  subject: string;
  html: string;
  text: string;
  /** The one-click unsubscribe link of a marketing message (List-Unsubscribe). */
  unsubscribeUrl?: string;
  replyTo?: string;
}

// What react-email's own render() puts first.
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

// react-email's toPlainText() with its options, compiled once (it compiles them per call).
// Every link of a message is also printed as its own text (the button's address under it,
// the contact address): the text part prints each link once, without the anchors' hrefs.
export const toPlainText = compile({
  wordwrap: false,
  selectors: [...plainTextSelectors, { selector: "a", options: { ignoreHref: true } }],
});

export function renderMessage(
  message: AnyMessage,
  payload: Payload,
  links: Readonly<Record<string, string>>,
  context: MessageContext,
): RenderedMessage {
  return renderContent(message.kind, message.compose(shownPayload(payload), links, context));
}

/**
 * A payload as a message may show it: its `name` is a person's name as they typed it, shown
 * only in its inert form (by every path that composes a message, the worker's included).
 */
export function shownPayload<P extends Payload>(payload: P): P {
  return "name" in payload ? { ...payload, name: personName(payload.name ?? "") } : payload;
}

/** Renders a composed message: a queue's (docs/decisions/190) or a registry message's. */
export function renderContent(
  kind: MessageKind,
  { subject, element, unsubscribeUrl, replyTo }: MessageContent,
): RenderedMessage {
  if (kind === "marketing" && !unsubscribeUrl) {
    throw new Error(`marketing message "${subject}" has no unsubscribe link`);
  }
  // renderToStaticMarkup is synchronous: the messages hold no Suspense boundary, and this
  // is a third of react-email's streaming render()'s cost.
  const html = DOCTYPE + renderToStaticMarkup(element);
  return {
    subject,
    html,
    // html-to-text's own text, by the short way when the document is only the layout's.
    text: layoutPlainText(html) ?? toPlainText(html),
    ...(kind === "marketing" ? { unsubscribeUrl } : {}),
    ...(replyTo ? { replyTo } : {}),
  };
}
