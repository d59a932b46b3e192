import { describe, expect, it } from "vitest";
import { personName } from "./person-name.ts";

describe("personName", () => {
  it.each([
    "Maria da Silva Santos",
    "José D'Ávila",
    "Ana-Lúcia O'Neil",
    "J. R. R. Tolkien",
    "Dr. João 2º",
    "王小明",
    "محمد علي",
  ])("keeps a real name as typed: %s", (name) => {
    expect(personName(name)).toBe(name);
  });

  it.each([
    ["Maria http://golpe.net", "Maria"],
    ["Maria HTTPS://GOLPE.NET/x?y=1", "Maria"],
    ["Maria www.golpe", "Maria"],
    ["Maria golpe.com.br", "Maria"],
    ["Maria golpe\u200B.com", "Maria"],
    ["Maria golpe。com", "Maria"],
    ["Maria pix@golpe", "Maria"],
    [
      "Maria\u2028Silva\u2029Santos\u0085Lima\r\nCosta\tRocha",
      "Maria Silva Santos Lima Costa Rocha",
    ],
    ["\u202Eanaírama\u202C \u2066Silva\u2069\u200F", "anaírama Silva"],
    ["www.golpe.com", ""],
  ])("%j shows as %j", (typed, shown) => {
    expect(personName(typed)).toBe(shown);
  });
});
