import os from "node:os";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown-render.server.ts";
import { renderPostHtml } from "./markdown.server.ts";

describe("renderMarkdown", () => {
  it("renders Markdown headings, emphasis, lists and links", () => {
    const { html } = renderMarkdown(
      "# Título\n\n## Seção\n\nTexto **forte** e *ênfase*.\n\n- um\n- dois\n\n[site](https://example.com)",
    );
    expect(html).toContain("<h2>Título</h2>");
    expect(html).toContain("<h2>Seção</h2>");
    expect(html).toContain("<strong>forte</strong>");
    expect(html).toContain("<em>ênfase</em>");
    expect(html).toContain("<li>um</li>");
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('rel="nofollow noopener noreferrer"');
  });

  it("never lets a script, an event handler or a javascript: URL through", () => {
    const attacks = [
      "<script>alert(1)</script>",
      '<img src="x" onerror="alert(1)">',
      '<img src="https://example.com/a.png" onload="alert(1)">',
      '<a href="javascript:alert(1)">clique</a>',
      "[clique](javascript:alert(1))",
      "[clique](JaVaScRiPt:alert(1))",
      "[clique](&#106;avascript:alert(1))",
      '<a href="jav&#x09;ascript:alert(1)">x</a>',
      "![x](javascript:alert(1))",
      '<iframe src="https://evil.example"></iframe>',
      '<svg onload="alert(1)"><circle /></svg>',
      '<p style="background:url(javascript:alert(1))" onclick="alert(1)">x</p>',
      '<object data="x.swf"></object><embed src="x.swf">',
      '<form action="https://evil.example"><input name="a"></form>',
      '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    ];
    for (const attack of attacks) {
      const html = renderMarkdown(`Antes\n\n${attack}\n\nDepois`).html.toLowerCase();
      expect(html, attack).not.toMatch(/<script|<iframe|<svg|<object|<embed|<form|<input/);
      expect(html, attack).not.toMatch(/\son[a-z]+\s*=/);
      expect(html, attack).not.toContain("javascript:");
      expect(html, attack).not.toContain("data:");
      expect(html, attack).not.toContain("style=");
      expect(html, attack).toContain("depois");
    }
  });

  it("keeps https images only", () => {
    expect(renderMarkdown("![gráfico](https://example.com/g.png)").html).toContain(
      '<img src="https://example.com/g.png" alt="gráfico" />',
    );
    expect(renderMarkdown("![gráfico](http://example.com/g.png)").html).not.toContain("http://");
  });

  it("shows text nested past the parser's depth as plain paragraphs instead of throwing", () => {
    for (const nested of ["> ".repeat(5000), "1. ".repeat(6000)]) {
      const { html, parseError } = renderMarkdown(
        `${nested}<script>alert(1)</script> fundo\n\nDepois`,
      );
      expect(parseError).toBeInstanceOf(RangeError);
      expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; fundo</p>");
      expect(html).toContain("<p>Depois</p>");
      expect(html).not.toContain("<script");
    }
  });
});

describe("renderPostHtml", () => {
  it("renders within the time limit, or says it could not", async () => {
    expect(await renderPostHtml("Texto com **negrito**.")).toEqual({
      ok: true,
      html: "<p>Texto com <strong>negrito</strong>.</p>\n",
    });
    // Repeated emphasis and punctuation: seconds of CPU for marked, cut at the limit.
    expect(await renderPostHtml("a_*".repeat(6_666), 200)).toEqual({
      ok: false,
      reason: "too-slow",
    });
  });

  it("counts the render's CPU time, not the time it waits for a core", async () => {
    // Every core busy three times over: the render (a third of a second of CPU, nesting past
    // marked's depth) gets a quarter of a core, over a second, and must still finish.
    const busy = Array.from(
      { length: 3 * os.availableParallelism() },
      () => new Worker("for (;;);", { eval: true }),
    );
    try {
      const rendered = await renderPostHtml(`${"1. ".repeat(6000)}fundo`);
      expect(rendered).toMatchObject({ ok: true, html: expect.stringContaining("fundo</p>") });
    } finally {
      await Promise.all(busy.map((worker) => worker.terminate()));
    }
  }, 30_000);
});
