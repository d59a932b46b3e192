// Apart from the Markdown renderer, so the server shows a post as text without loading marked.

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
