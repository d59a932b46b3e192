import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ErrorBoundary } from "./root.tsx";

describe("root ErrorBoundary", () => {
  it("shows the application fallback in English and Portuguese, with the error's message", () => {
    const html = renderToString(
      <ErrorBoundary error={new Error("Banco indisponível")} params={{}} loaderData={undefined} />,
    );
    expect(html).toContain("Unexpected Application Error!");
    // SPEC's sentence, and the Portuguese one beside it (issue 25).
    expect(html).toContain(
      "Erro inesperado: algo falhou do nosso lado. Tente novamente em instantes.",
    );
    expect(html).toContain("Banco indisponível");
  });
});
