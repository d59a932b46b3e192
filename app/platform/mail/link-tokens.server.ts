// Link tokens: 256 random bits, base64url in the link; only their SHA-256 is stored
// (docs/decisions/081).
import { createHash, randomBytes } from "node:crypto";

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A token of the shape newToken makes; anything else is answered 404 without a lookup. */
export function isWellFormedToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

/**
 * What the local mailbox stores instead of a message's n-th link token (n from 1): numbered,
 * so opening the message puts each link's fresh token back in its place (decisions 116, 400).
 */
export const redactedToken = (n: number) => `[token-removido-${n}]`;

export const REDACTED_TOKEN_PATTERN = /\[token-removido-(\d+)\]/g;
