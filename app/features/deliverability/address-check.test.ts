import { describe, expect, it } from "vitest";
import { addressProblem } from "./address-check.server.ts";

describe("addressProblem", () => {
  it.each([
    "maria@gmail.com",
    "joao.silva@empresa.com.br",
    "ana@sub.dominio.org",
    "x@xn--caf-dma.com",
  ])("accepts %s", (email) => {
    expect(addressProblem(email)).toBeNull();
  });

  it.each(["alguem@mailinator.com", "teste@guerrillamail.com", "a@qualquer.mailinator.com"])(
    "refuses the disposable %s",
    (email) => {
      expect(addressProblem(email)).toBe("disposable");
    },
  );

  it.each([
    "a@localhost",
    "a@192.168.0.1",
    "a@exemplo.c",
    "a@-exemplo.com",
    "a@exemplo-.com",
    "a@exemplo..com",
    "a@exemplo.123",
    `a@${"x".repeat(64)}.com`,
  ])("refuses the undeliverable %s", (email) => {
    expect(addressProblem(email)).toBe("undeliverable");
  });
});
