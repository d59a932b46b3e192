import { toPlainText } from "@react-email/render";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { layoutPlainText } from "../../platform/mail/plain-text.server.ts";
import { renderContent } from "../../platform/mail/render.server.ts";
import { renderMarkdown } from "../posts/markdown-render.server.ts";
import { campaignMessage } from "./render.server.tsx";

const context = { siteUrl: "https://agentesfx.com.br", contactEmail: "suporte@agentesfx.com.br" };

// Markdown lines of every kind a campaign body may hold: paragraphs, headings, lists, quotes,
// code, tables, links, emphasis, HTML, entities and line breaks.
const line = fc.oneof(
  fc.string({ unit: fc.constantFrom(..."ab Z09 çã<>&\"'.-_*`[]()!#|\\\t\u00a0"), maxLength: 40 }),
  fc.constantFrom(
    "# Título",
    "## Seção *forte*",
    "- item um",
    "1. primeiro",
    "> citação",
    "```\ncódigo  com   espaços\n```",
    "| a | b |\n|---|---|\n| 1 | 2 |",
    "[link](https://agentesfx.com.br/x?a=1&b=2)",
    "**negrito** e _itálico_ e `código`",
    "<b>html</b> &nbsp; &copy; &#8212;",
    "linha com quebra  \nseguinte",
    "---",
    "",
  ),
);

describe("a campaign's message", () => {
  it("has html-to-text's plain text for any Markdown body (decision 311)", () => {
    // Bodies of paragraphs and links take the layout's short way; any other, html-to-text.
    const ways = { short: 0, htmlToText: 0 };
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 8 }),
        fc.string({ maxLength: 20 }),
        (lines, subject) => {
          const bodyHtml = renderMarkdown(lines.join("\n\n")).html;
          const content = campaignMessage(
            { subject: subject || "s", previewText: "", bodyHtml },
            "t".repeat(43),
            context,
          );
          const { html, text } = renderContent("marketing", content);
          ways[layoutPlainText(html) === undefined ? "htmlToText" : "short"] += 1;
          expect(text).toBe(
            toPlainText(html, { selectors: [{ selector: "a", options: { ignoreHref: true } }] }),
          );
        },
      ),
      { numRuns: 300 },
    );
    expect(ways.short).toBeGreaterThan(10);
    expect(ways.htmlToText).toBeGreaterThan(10);
  }, 60_000);
});
