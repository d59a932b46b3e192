import crypto from "node:crypto";

// A fresh CSP nonce for every answer: 16 random bytes, base64. They are drawn from a pool
// filled 256 nonces at a time: one getrandom call per request cost about 3 % of a cached
// page view's CPU. Every byte comes from the CSPRNG and is handed out once.
const NONCE_BYTES = 16;
const pool = Buffer.alloc(NONCE_BYTES * 256);
let offset = pool.length;

export function nextCspNonce(): string {
  if (offset === pool.length) {
    crypto.randomFillSync(pool);
    offset = 0;
  }
  const nonce = pool.toString("base64", offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}
