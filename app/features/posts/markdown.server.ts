import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { getLogger } from "../../lib/logger.server.ts";

// Post content is Markdown written in the admin; it is rendered here on the server and
// sanitized, so no script from a post ever runs (DESIGN.md decision 8): no <script>, no
// event handler attributes, no javascript: or data: URLs, no inline styles.
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

/**
 * Markdown to sanitized HTML, safe to insert with dangerouslySetInnerHTML. Never throws: a
 * text marked cannot parse is shown as plain paragraphs (docs/decisions/041).
 */
export function renderMarkdown(markdown: string): string {
  let html: string;
  try {
    html = marked.parse(markdown) as string;
  } catch (error) {
    // marked recurses once per nesting level: thousands of ">" or "1." overflow the stack.
    getLogger().warn({ err: error }, "post content is not renderable Markdown: shown as text");
    return plainTextHtml(markdown);
  }
  return sanitizeHtml(html, sanitizeOptions);
}

const htmlEscapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text as escaped paragraphs, one per blank-line-separated block. */
function plainTextHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${block.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char)}</p>`)
    .join("\n");
}
