import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openCredential, parseCredentialKey, sealCredential } from "./credential.server.ts";

describe("setup credential sealing", () => {
  const key = randomBytes(32);

  it("opens what it sealed, and the sealed text does not contain the secret", () => {
    const sealed = sealCredential("senha-da-conta-ção", key);
    expect(sealed).not.toContain("senha");
    expect(openCredential(sealed, key)).toBe("senha-da-conta-ção");
    // A new IV each time.
    expect(sealCredential("x", key)).not.toBe(sealCredential("x", key));
  });

  it("refuses another key and an altered value", () => {
    const sealed = sealCredential("segredo", key);
    expect(openCredential(sealed, randomBytes(32))).toBeNull();
    const parts = sealed.split(".");
    parts[3] = Buffer.from("outra coisa").toString("base64url");
    expect(openCredential(parts.join("."), key)).toBeNull();
    expect(openCredential("lixo", key)).toBeNull();
  });

  it("takes only a 32-byte base64 key", () => {
    expect(parseCredentialKey(randomBytes(32).toString("base64"))).toHaveLength(32);
    expect(parseCredentialKey(randomBytes(16).toString("base64"))).toBeNull();
  });
});
