import zlib from "node:zlib";
import Negotiator from "negotiator";
import type { Transform } from "node:stream";

// The encodings a large download is sent in, and compression's speed-first settings for it:
// a million sign-ups' CSV is 142 MB, and at the middleware's usual settings its compression
// took the CPU every other answer waited for (docs/decisions/463).

export type ContentEncoding = "br" | "gzip" | "identity";

/** Brotli wherever the client takes it at all, else gzip, else the bytes as they are. */
export function acceptedEncoding(acceptEncoding: string | null): ContentEncoding {
  const accepted = new Negotiator({
    headers: { "accept-encoding": acceptEncoding ?? "" },
  }).encodings(["br", "gzip"]);
  if (accepted.includes("br")) return "br";
  return accepted.includes("gzip") ? "gzip" : "identity";
}

export const fastestBrotli = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } };
export const fastestGzip = { level: zlib.constants.Z_BEST_SPEED };

/** A compressor for the encoding, at its fastest settings. */
export function fastestCompressor(encoding: Exclude<ContentEncoding, "identity">): Transform {
  return encoding === "br"
    ? zlib.createBrotliCompress(fastestBrotli)
    : zlib.createGzip(fastestGzip);
}
