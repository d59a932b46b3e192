// The one secret a person may hand over for setup (their trading account's password), sealed
// with AES-256-GCM under SETUP_CREDENTIAL_KEY (docs/decisions/155). Stored as
// "v1.<iv>.<tag>.<ciphertext>" in base64url; erased when the robot runs.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

export function parseCredentialKey(base64: string): Buffer | null {
  const key = Buffer.from(base64, "base64");
  return key.length === 32 ? key : null;
}

export function sealCredential(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The plain text, or null when the value was not sealed under this key (or was altered). */
export function openCredential(sealed: string, key: Buffer): string | null {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([
      decipher.update(Buffer.from(data, "base64url")),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    return null;
  }
}
