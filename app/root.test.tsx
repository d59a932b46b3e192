import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ErrorBoundary } from "./root.tsx";

describe("root ErrorBoundary", () => {
  it("shows the application fallback with the error's message", () => {
    const html = renderToString(
      <ErrorBoundary error={new Error("Banco indisponível")} params={{}} loaderData={undefined} />,
    );
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain("Banco indisponível");
  });
});
