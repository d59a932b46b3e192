import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { plainTextHtml } from "./plain-text-html.ts";

// Post content is Markdown written in the admin; it is rendered here, in the thread of
// markdown.server.ts, when the post is saved, and sanitized, so no script from a post ever
// runs (docs/product.md rule 8): no <script>, no event handler attributes, no javascript: or
// data: URLs, no inline styles. Visitors get the stored HTML: no visitor request ever parses
// Markdown (decision 058).
const marked = new Marked({ gfm: true, breaks: false, async: false });

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "blockquote",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "del",
    "code",
    "pre",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "title"],
    ol: ["start"],
    th: ["align"],
    td: ["align"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  // Images only over https: the CSP (img-src https:) blocks plain http ones.
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // The page title is the only h1; headings inside a post start at h2.
    h1: "h2",
    h5: "h4",
    h6: "h4",
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: "nofollow noopener noreferrer" },
    }),
  },
};

/** Sanitized HTML, and why marked could not parse the Markdown when it is shown as text. */
export interface RenderedMarkdown {
  html: string;
  parseError?: unknown;
}

/**
 * Markdown to sanitized HTML, safe to insert with dangerouslySetInnerHTML. Never throws: a
 * text marked cannot parse is shown as plain paragraphs (docs/decisions/041), and the error
 * returned for the caller to log (the render's worker thread loads no logger).
 */
export function renderMarkdown(markdown: string): RenderedMarkdown {
  let html: string;
  try {
    html = marked.parse(markdown) as string;
  } catch (error) {
    // marked recurses once per nesting level: thousands of ">" or "1." overflow the stack.
    return { html: plainTextHtml(markdown), parseError: error };
  }
  return { html: sanitizeHtml(html, sanitizeOptions) };
}
