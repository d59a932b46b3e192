import { toPlainText } from "@react-email/render";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type AnyMessage, createRegistry, defineJob } from "./platform/jobs/registry.ts";
import { layoutPlainText } from "./platform/mail/plain-text.server.ts";
import { renderMessage } from "./platform/mail/render.server.ts";
import { registry } from "./registry.server.ts";

const context = { siteUrl: "https://agentesfx.com.br", contactEmail: "suporte@agentesfx.com.br" };

// What React writes for each character HTML gives a meaning.
const escapeHtml = (value: string) =>
  value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");

// Values with no run of spaces (the text part collapses them, as HTML does) and long enough
// never to occur in the copy by chance; HTML's own characters included.
const value = fc
  .string({ unit: fc.constantFrom(..."abcXYZ019 <>&\"'çãé_-"), minLength: 12, maxLength: 24 })
  .map((text) => `v${text.replace(/\s+/g, " ").trim()}v`);
const token = fc.stringMatching(/^[A-Za-z0-9_-]{43}$/);

/** A random payload and random link tokens for one message. */
const instanceOf = (message: AnyMessage) =>
  fc.record({
    message: fc.constant(message),
    payload: fc.record<Record<string, string>>(
      Object.fromEntries(message.fields.map((field: string) => [field, value])),
    ),
    links: fc.record<Record<string, string>>(
      Object.fromEntries(Object.keys(message.links).map((link) => [link, token])),
    ),
  });

const anyInstance = fc.oneof(...registry.messages.map(instanceOf));

// Fields the message shows: ids of a link's owner are for the worker, a `…Kind` picks the
// message's own words, and a conversation's reply address is the message's Reply-To header,
// never its text.
const shown = (message: AnyMessage, payload: Record<string, string>) =>
  Object.entries(payload).filter(
    ([field]) => !field.endsWith("Id") && !field.endsWith("Kind") && field !== "replyTo",
  );

describe("every message of the registry", () => {
  it("renders random payloads with its own data and no other message's, each link once in the text", () => {
    fc.assert(
      fc.property(anyInstance, anyInstance, (one, other) => {
        const [first, second] = [one, other].map((instance) =>
          renderMessage(instance.message, instance.payload, instance.links, context),
        );
        for (const [instance, rendered, foreign] of [
          [one, first!, other],
          [other, second!, one],
        ] as const) {
          for (const [, text] of shown(instance.message, instance.payload)) {
            expect(rendered.html).toContain(escapeHtml(text));
            expect(rendered.text).toContain(text);
          }
          // The converter kept between messages is react-email's, with the same options.
          expect(rendered.text).toBe(
            toPlainText(rendered.html, {
              selectors: [{ selector: "a", options: { ignoreHref: true } }],
            }),
          );
          for (const link of Object.values(instance.links)) {
            expect(rendered.html).toContain(link);
            // Once in the text part: no href printed beside the link's own text.
            expect(rendered.text.split(link).length - 1).toBe(1);
          }
          const theirs = [
            ...Object.values(foreign.payload),
            ...Object.values(foreign.links),
          ].filter((theirValue) => !Object.values(instance.payload).includes(theirValue));
          for (const theirValue of theirs) {
            expect(rendered.html).not.toContain(escapeHtml(theirValue));
            expect(rendered.text).not.toContain(theirValue);
          }
        }
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  it("gets html-to-text's plain text by the layout's short way, for any payload (decision 311)", () => {
    // Any characters: html-to-text's whitespace, no-break and zero-width spaces, HTML's own.
    const anything = fc.string({
      unit: fc.constantFrom(..."ab Z09 \t\r\n\f\u200b\u00a0<>&\"'çãéß.-_:/", "&amp;", "<p>", "-->"),
      maxLength: 40,
    });
    const instance = fc.oneof(
      ...registry.messages.map((message) =>
        fc.record({
          message: fc.constant(message),
          payload: fc.record<Record<string, string>>(
            Object.fromEntries(message.fields.map((field: string) => [field, anything])),
          ),
          links: fc.record<Record<string, string>>(
            Object.fromEntries(Object.keys(message.links).map((link) => [link, anything])),
          ),
        }),
      ),
    );
    fc.assert(
      fc.property(instance, ({ message, payload, links }) => {
        const { html, text } = renderMessage(message, payload, links, context);
        expect(layoutPlainText(html), message.name).toBeDefined();
        expect(text).toBe(
          toPlainText(html, { selectors: [{ selector: "a", options: { ignoreHref: true } }] }),
        );
      }),
      { numRuns: 500 },
    );
  }, 60_000);

  it("has a pt-BR HTML part with the footer, and a marketing one its unsubscribe link", () => {
    for (const message of registry.messages) {
      const payload = Object.fromEntries(message.fields.map((field) => [field, "x"]));
      const links = Object.fromEntries(
        Object.keys(message.links).map((link) => [link, "t".repeat(43)]),
      );
      const rendered = renderMessage(message, payload, links, context);
      expect(rendered.html).toContain('lang="pt-BR"');
      expect(rendered.text).toContain("suporte@agentesfx.com.br");
      expect(rendered.subject.length).toBeGreaterThan(0);
      if (message.kind === "marketing") {
        expect(rendered.unsubscribeUrl).toMatch(
          /^https:\/\/agentesfx\.com\.br\/descadastrar\/t{43}$/,
        );
      } else {
        expect(rendered.unsubscribeUrl).toBeUndefined();
      }
    }
  });

  it("shows a person's name without links, line breaks or bidi controls, never in a subject", () => {
    const hostile =
      "Maria\u2028Ganhe R$ 10.000 em www.golpe.com\u2029https://golpe.net/x golpe.com.br " +
      "pix@golpe.com \u202Eadnil\u202C\u2066Silva\u2069\u200E\r\nSantos";
    const cases = [
      { name: hostile, shown: "Maria Ganhe R$ 10.000 em adnilSilva Santos" },
      { name: "www.golpe.com https://golpe.net", shown: "" },
    ];
    const withName = registry.messages.filter((message) => message.fields.includes("name"));
    expect(withName.length).toBeGreaterThan(5);
    for (const message of withName) {
      for (const { name, shown } of cases) {
        const payload = Object.fromEntries(
          message.fields.map((field) => [field, field === "name" ? name : "x"]),
        );
        const links = Object.fromEntries(
          Object.keys(message.links).map((link) => [link, "t".repeat(43)]),
        );
        const rendered = renderMessage(message, payload, links, context);
        // The HTML's hidden preview pads with react-email's own invisible marks: read the
        // text part and the subject for them.
        expect(rendered.html, message.name).not.toContain("golpe");
        for (const part of [rendered.text, rendered.subject]) {
          expect(part, message.name).not.toMatch(
            /golpe|[\u2028\u2029\u202A-\u202E\u2066-\u2069\u200E\u200F]/,
          );
        }
        expect(rendered.text, message.name).toContain(shown);
        // A greeting with nothing left to show is "Olá!".
        expect(rendered.text, message.name).not.toMatch(/Olá, *!/);
        expect(rendered.subject).not.toContain("Maria");
      }
    }
  });

  it("gives every reminder, late and suspension notice a way to pay: its page's link", () => {
    const payPages: Record<string, RegExp> = {
      "order-reminder": /href="https:\/\/agentesfx\.com\.br\/convite\/t{43}"/,
      "renewal-charge": /href="https:\/\/agentesfx\.com\.br\/minha-conta"/,
      "renewal-reminder": /href="https:\/\/agentesfx\.com\.br\/minha-conta"/,
      "renewal-late": /href="https:\/\/agentesfx\.com\.br\/minha-conta"/,
      "subscription-suspended": /href="https:\/\/agentesfx\.com\.br\/minha-conta"/,
    };
    for (const [name, link] of Object.entries(payPages)) {
      const message = registry.messages.find((candidate) => candidate.name === name);
      expect(message, name).toBeDefined();
      const payload = Object.fromEntries(message!.fields.map((field) => [field, "x"]));
      const links = Object.fromEntries(
        Object.keys(message!.links).map((key) => [key, "t".repeat(43)]),
      );
      const { html, text } = renderMessage(message!, payload, links, context);
      expect(html, name).toMatch(link);
      expect(text, name).toMatch(/Pagar em Minha conta|Ver meu pedido/);
    }
  });

  it("refuses two entries of one name", () => {
    const job = defineJob({ name: "twice", recurring: true, run: async () => undefined });
    expect(() => createRegistry([job, job])).toThrow(/twice/);
  });
});
