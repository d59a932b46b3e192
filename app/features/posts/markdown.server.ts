import vm from "node:vm";
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { getLogger } from "../../platform/http/logger.server.ts";

// Post content is Markdown written in the admin; it is rendered here when the post is saved
// and sanitized, so no script from a post ever runs (docs/product.md rule 8): no <script>, no
// event handler attributes, no javascript: or data: URLs, no inline styles. Visitors get
// the stored HTML: no visitor request ever parses Markdown (decision 058).
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

/** The stored HTML of content saved before HTML was stored: as text if it renders too slowly. */
export function backfillPostHtml(markdown: string): string {
  const rendered = renderPostHtml(markdown);
  return rendered.ok ? rendered.html : plainTextHtml(markdown);
}

/** Longest a render may take (a 20,000-character post renders in a few ms; certain Markdown costs marked seconds). */
export const RENDER_TIME_LIMIT_MS = 1_000;

export type PostHtml = { ok: true; html: string } | { ok: false; reason: "too-slow" };

/**
 * The post's stored HTML, rendered within `timeLimitMs` (the content's length is already
 * capped by the post form's schema). A vm timeout interrupts a synchronous render that
 * runs away, where no await could.
 */
export function renderPostHtml(markdown: string, timeLimitMs = RENDER_TIME_LIMIT_MS): PostHtml {
  try {
    const html = vm.runInNewContext(
      "render(markdown)",
      { render: renderMarkdown, markdown },
      { timeout: timeLimitMs },
    ) as string;
    return { ok: true, html };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_SCRIPT_EXECUTION_TIMEOUT") {
      return { ok: false, reason: "too-slow" };
    }
    throw error;
  }
}

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
export function plainTextHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${block.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char)}</p>`)
    .join("\n");
}
