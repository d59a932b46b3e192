import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { actionMessage } from "./layout.tsx";
import { layoutPlainText } from "./plain-text.server.ts";
import { renderContent, toPlainText } from "./render.server.ts";

const context = { siteUrl: "https://agentesfx.com.br", contactEmail: "suporte@agentesfx.com.br" };

// Text with every kind of character html-to-text treats apart: its whitespace (tab, CR, LF,
// form feed, zero-width space), what it keeps (no-break space, other spaces), HTML's own
// characters, accents, capitals that change length, dots and dashes.
const anyText = fc.string({
  unit: fc.constantFrom(
    ..."ab Z09 \t\r\n\f\u200b\u00a0\u2009<>&\"'çãéß.-_:/",
    "&amp;",
    "&lt;p&gt;",
    "<p>",
    "</a>",
    "<!--",
  ),
  maxLength: 60,
});

// What React writes for text.
const escaped = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");

// Random documents of the layout's elements, nested as React nests them: blocks in blocks and
// cells, phrasing in paragraphs, headings, links and spans, hidden parts anywhere.
const { flow } = fc.letrec<{ flow: string; phrasing: string; row: string }>((tie) => ({
  phrasing: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    anyText.map(escaped),
    fc.constant('<img src="x" alt="y"/>'),
    fc.constant("<!--[if mso]><i>&#8202;</i><![endif]-->"),
    tie("phrasing").map((inner) => `<span>${inner}</span>`),
    tie("phrasing").map((inner) => `<span data-skip-in-text="true">${inner}</span>`),
    fc.array(tie("phrasing"), { maxLength: 3 }).map((parts) => parts.join("")),
  ),
  row: fc
    .array(tie("flow"), { minLength: 1, maxLength: 3 })
    .map((cells) => `<tr>${cells.map((cell) => `<td>${cell}</td>`).join("")}</tr>`),
  flow: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    tie("phrasing"),
    fc.constant("<hr/>"),
    tie("phrasing").map((inner) => `<p style="a:b">${inner}</p>`),
    tie("phrasing").map((inner) => `<h1>${inner}</h1>`),
    tie("phrasing").map((inner) => `<a href="https://x/&amp;" target="_blank">${inner}</a>`),
    tie("flow").map((inner) => `<div>${inner}</div>`),
    tie("flow").map((inner) => `<div data-skip-in-text="true">${inner}</div>`),
    fc
      .array(tie("row"), { minLength: 1, maxLength: 2 })
      .map((rows) => `<table role="presentation"><tbody>${rows.join("")}</tbody></table>`),
    fc.array(tie("flow"), { maxLength: 3 }).map((parts) => parts.join("")),
  ),
}));

describe("the layout's plain text", () => {
  it("is html-to-text's text for any nesting of the layout's elements and any text", () => {
    fc.assert(
      fc.property(flow, (body) => {
        const html = `<!DOCTYPE html><html lang="pt-BR"><head><meta name="x"/><title>t</title></head><body style="margin:0">${body}</body></html>`;
        const text = layoutPlainText(html);
        expect(text).toBeDefined();
        expect(text).toBe(toPlainText(html));
      }),
      { numRuns: 2000 },
    );
  }, 60_000);

  it("is html-to-text's text for any greeting, lines, button and addresses", () => {
    fc.assert(
      fc.property(
        fc.record({
          subject: anyText,
          preview: anyText,
          button: fc.option(anyText, { nil: undefined }),
          ignore: fc.option(anyText, { nil: undefined }),
          greeting: anyText,
          lines: fc.array(anyText, { maxLength: 4 }),
          path: fc.option(
            anyText.map((text) => `/${text}`),
            { nil: undefined },
          ),
          unsubscribePath: fc.option(
            anyText.map((text) => `/${text}`),
            { nil: undefined },
          ),
          contactEmail: anyText,
        }),
        ({
          subject,
          preview,
          button,
          ignore,
          greeting,
          lines,
          path,
          unsubscribePath,
          contactEmail,
        }) => {
          const content = actionMessage(
            {
              subject,
              preview,
              ...(button === undefined ? {} : { button }),
              ...(ignore === undefined ? {} : { ignore }),
            },
            {
              greeting,
              lines,
              ...(path ? { path } : {}),
              ...(unsubscribePath ? { unsubscribePath } : {}),
            },
            { ...context, contactEmail },
          );
          const html = renderContent("transactional", { ...content, unsubscribeUrl: "u" }).html;
          const text = layoutPlainText(html);
          expect(text).toBeDefined();
          expect(text).toBe(toPlainText(html));
        },
      ),
      { numRuns: 400 },
    );
  }, 60_000);

  it("follows html-to-text's line breaks and spaces between blocks and inline parts", () => {
    const page = (body: string) =>
      `<!DOCTYPE html><html lang="pt-BR"><head><title>t</title></head><body>${body}</body></html>`;
    const cases = [
      "<div><p>a</p>b<p> c </p> d </div>",
      "<div>x<div></div>y</div><p></p><p>z</p>",
      '<h1>olá <span>mundo</span>ß</h1><hr/><p>a<a href="x">b</a> c</p>',
      "<table><tbody><tr><td><p>a</p></td><td>b</td></tr><tr><td> c</td></tr></tbody></table>tail",
      '<div data-skip-in-text="true">hidden<div>x</div></div><p> shown <img src="i"/>here</p>',
      "<p> \u200b </p><p>\u00a0</p><p>a\u200bb</p>",
      "<p>a<!-- b --> c<!--x-->d</p>",
      "<p>&amp;lt; &quot;q&quot; &#x27;s&#x27; &gt;</p>",
      "<div><hr/>x<hr/></div>",
    ];
    for (const body of cases) {
      const html = page(body);
      expect(layoutPlainText(html), body).toBe(toPlainText(html));
    }
  });

  it("answers undefined for anything the layout does not write, so html-to-text converts it", () => {
    const page = (body: string) => `<html><head></head><body>${body}</body></html>`;
    const others = [
      "<ul><li>a</li></ul>",
      "<p>a<br/>b</p>",
      "<p>a&nbsp;b</p>",
      "<p>a &copy b</p>",
      "<p><div>a</div></p>",
      "<p>a<p>b</p></p>",
      "<div>a</span></div>",
      "<div>a",
      "<table><tr><td>a</td></tr></table>",
      "<table>a<tbody></tbody></table>",
      "<a href='x'>a</a>",
      "<a href=x>a</a>",
      "<div/>",
      "<p>a < b</p>",
      "<p>a<!-->b</p>",
      "<strong>a</strong>",
      '<div data-skip-in-text="tr&#117;e">a</div>',
      "<a>a<a>b</a></a>",
      '<table data-text-format="dataTable"><tbody><tr><td>a</td></tr></tbody></table>',
    ];
    for (const body of others) {
      const html = page(body);
      expect(layoutPlainText(html), body).toBeUndefined();
    }
    expect(layoutPlainText("<p>no document</p>")).toBeUndefined();
    expect(layoutPlainText(page("<p>a</p>") + "<p>after</p>")).toBeUndefined();
  });
});
