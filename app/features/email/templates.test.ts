import { describe, expect, it } from "vitest";
import { riskWarning } from "../../content/common.ts";
import { emailCopy } from "../../content/email.ts";
import { renderEmail } from "./templates.tsx";

const context = { siteUrl: "https://agentesfx.com.br", contactEmail: "suporte@agentesfx.com.br" };
const confirm = (name: string, token = "a".repeat(43)) =>
  renderEmail({ template: "confirm-signup", payload: { name, token } }, context);

describe("the confirmation e-mail", () => {
  it("has the subject, pt-BR HTML and text parts with the link, the risk line and the contact", async () => {
    const email = await confirm("Maria", "b".repeat(43));
    expect(email.subject).toBe(emailCopy.confirmSignup.subject);
    expect(email.html).toContain('lang="pt-BR"');
    for (const part of [email.html, email.text]) {
      expect(part).toContain("Olá, Maria!");
      expect(part).toContain(`https://agentesfx.com.br/confirmar/${"b".repeat(43)}`);
      expect(part).toContain(riskWarning.text);
      expect(part).toContain("suporte@agentesfx.com.br");
    }
  });

  it("escapes the name in HTML, keeps it as typed in text, and never expands markers in it", async () => {
    const email = await confirm(`<b>Ana</b> & "Bia" __FIELD_token__`);
    expect(email.html).toContain("&lt;b&gt;Ana&lt;/b&gt; &amp; &quot;Bia&quot; __FIELD_token__");
    expect(email.html).not.toContain("<b>Ana");
    expect(email.text).toContain(`Olá, <b>Ana</b> & "Bia" __FIELD_token__!`);
  });

  it("fills each message with its own values", async () => {
    const [first, second] = await Promise.all([confirm("Um", "1".repeat(43)), confirm("Dois")]);
    expect(first.text).toContain("1".repeat(43));
    expect(second.text).toContain("Olá, Dois!");
    expect(second.text).not.toContain("1".repeat(43));
  });
});
