import { describe, expect, it } from "vitest";
import { signupMessages } from "../../content/signup-messages.ts";
import { firstInvalidField, signupErrorSummary, type SignupFields } from "./fields.ts";
import { readSignupFields, validateSignup } from "./schema.ts";

const base: SignupFields = {
  name: "Ana",
  email: "ana@example.com",
  agents: [],
  message: undefined,
  terms: "on",
  contact: undefined,
};

describe("signup schema", () => {
  it("trims and lower-cases, drops repeated agents, normalises line breaks", () => {
    const result = validateSignup({
      ...base,
      name: "  Ana Lima ",
      email: " Ana@Example.COM ",
      agents: ["yenmax", "yenmax", "midaspulse"],
      message: " linha 1\r\nlinha 2\r",
      contact: "on",
    });
    expect(result).toEqual({
      success: true,
      data: {
        name: "Ana Lima",
        email: "ana@example.com",
        agents: ["yenmax", "midaspulse"],
        message: "linha 1\nlinha 2",
        terms: "on",
        contact: "on",
      },
    });
  });

  it("counts a CRLF line break as one character, as the textarea's maxlength does", () => {
    const message = `${"a".repeat(1000)}\r\n${"b".repeat(999)}`;
    expect(validateSignup({ ...base, message }).success).toBe(true);
    expect(validateSignup({ ...base, message: `${message}c` }).success).toBe(false);
  });

  it("accepts the bounds of docs/product.md rule 3 and refuses one more", () => {
    const email254 = `${"a".repeat(242)}@example.com`;
    expect(email254).toHaveLength(254);
    expect(validateSignup({ ...base, name: "a".repeat(120), email: email254 }).success).toBe(true);
    expect(validateSignup({ ...base, name: "a".repeat(121) })).toEqual({
      success: false,
      fieldErrors: { name: signupMessages.nameTooLong },
      error: signupMessages.nameTooLong,
    });
    expect(validateSignup({ ...base, email: `a${email254}` })).toEqual({
      success: false,
      fieldErrors: { email: signupMessages.emailTooLong },
      error: signupMessages.emailTooLong,
    });
  });

  it("counts characters, not UTF-16 units", () => {
    expect(validateSignup({ ...base, name: "😀".repeat(120) }).success).toBe(true);
    expect(validateSignup({ ...base, name: "😀".repeat(121) }).success).toBe(false);
  });

  it("gives one message per field, the terms message word for word", () => {
    const result = validateSignup({ ...base, name: undefined, email: "x", terms: undefined });
    expect(result).toEqual({
      success: false,
      fieldErrors: {
        name: signupMessages.nameRequired,
        email: signupMessages.emailInvalid,
        terms: "Você deve aceitar os termos e condições.",
      },
      error: signupMessages.nameRequired,
    });
    if (result.success) return;
    expect(firstInvalidField(result.fieldErrors)).toBe("name");
    expect(signupErrorSummary(result.fieldErrors)).toBe("Você deve aceitar os termos e condições.");
    expect(signupErrorSummary({ email: signupMessages.emailInvalid })).toBe(
      signupMessages.emailInvalid,
    );
  });

  it("checks an e-mail's length before its pattern", () => {
    expect(validateSignup({ ...base, email: `${"a.".repeat(32 * 1024)}@` })).toEqual({
      success: false,
      fieldErrors: { email: signupMessages.emailTooLong },
      error: signupMessages.emailTooLong,
    });
  });

  it("reads repeated single fields as a list, so the schema refuses them", () => {
    const form = new URLSearchParams("name=a&name=b&agents=yenmax&agents=midaspulse&terms=on");
    const fields = readSignupFields(form);
    expect(fields).toMatchObject({ name: ["a", "b"], agents: ["yenmax", "midaspulse"] });
    expect(validateSignup(fields)).toMatchObject({
      success: false,
      fieldErrors: { name: signupMessages.invalidValue },
    });
  });
});
