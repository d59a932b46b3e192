import { z } from "zod";
import { describe, expect, it } from "vitest";
import { formReadMessages } from "../../content/http-errors.ts";
import { parseForm } from "./parse-form.ts";

describe("parseForm", () => {
  it("refuses a NUL byte in any field with a Portuguese message, before the schema runs", () => {
    const schema = z.object({ q: z.string().optional() });
    expect(parseForm(schema, new URLSearchParams({ q: "ana\u0000" }))).toEqual({
      success: false,
      fieldErrors: { q: formReadMessages.nulCharacter },
      error: formReadMessages.nulCharacter,
    });
    expect(parseForm(schema, new URLSearchParams({ q: "ana" }))).toEqual({
      success: true,
      data: { q: "ana" },
    });
  });
});
