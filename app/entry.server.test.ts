import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "./entry.server.tsx";
import { getLogger } from "./platform/http/logger.server.ts";

afterEach(() => vi.restoreAllMocks());

const args = () =>
  ({ request: new Request("http://localhost/precos", { method: "POST" }) }) as never;

describe("handleError", () => {
  it("logs a 405 React Router answers at debug, not as an error", () => {
    const error = vi.spyOn(getLogger(), "error");
    const debug = vi.spyOn(getLogger(), "debug");
    handleError(new ErrorResponseImpl(405, "Method Not Allowed", null), args());
    expect(error).not.toHaveBeenCalled();
    expect(debug).toHaveBeenCalledWith(expect.objectContaining({ status: 405, method: "POST" }));
  });

  it("logs a failure of our code as an error", () => {
    const error = vi.spyOn(getLogger(), "error");
    handleError(new Error("boom"), args());
    expect(error).toHaveBeenCalledOnce();
  });
});
