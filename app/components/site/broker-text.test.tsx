import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { BrokerText } from "./broker-text.tsx";

function render(text: string, site: { partnerBrokerName: string; partnerBrokerUrl?: string }) {
  const Stub = createRoutesStub([
    { id: "root", path: "/", Component: () => <BrokerText text={text} /> },
  ]);
  // React separates adjacent text nodes with comments; the reader sees the text alone.
  return renderToString(<Stub hydrationData={{ loaderData: { root: { site } } }} />).replaceAll(
    "<!-- -->",
    "",
  );
}

describe("BrokerText", () => {
  it("names the configured broker and links its site", () => {
    expect(
      render("Abra sua conta na {corretora}.", {
        partnerBrokerName: "Corretora Exemplo",
        partnerBrokerUrl: "https://corretora.example/parceria",
      }),
    ).toBe(
      'Abra sua conta na <a href="https://corretora.example/parceria" rel="sponsored noopener" class="text-primary underline underline-offset-4 hover:no-underline">Corretora Exemplo</a>.',
    );
  });

  it("names it without a link when no site is configured", () => {
    expect(render("Pela {corretora}.", { partnerBrokerName: "corretora parceira" })).toBe(
      "Pela corretora parceira.",
    );
  });
});
