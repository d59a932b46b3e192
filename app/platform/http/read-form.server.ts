// Reads a posted form the way every action here must: only the two form encodings, at most
// a bounded number of bytes, strictly UTF-8, and never a thrown error for what a client sent
// (docs/product.md rule 3; docs/decisions/040-form-reading-and-text-rules.md).
import { formReadMessages as m } from "../../content/http-errors.ts";

/** What an action reads fields from: both have get, getAll and entries. */
export type FormEntries = URLSearchParams | FormData;

export type FormReadResult =
  { ok: true; form: FormEntries } | { ok: false; status: 400 | 413 | 415; message: string };

const acceptedMediaTypes = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * The request's form, or the status and Portuguese message to answer with: 415 for any other
 * content type, 413 past maxBytes, 400 for invalid UTF-8, a malformed escape or a multipart
 * body that cannot be parsed.
 */
export async function readForm(request: Request, maxBytes: number): Promise<FormReadResult> {
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!acceptedMediaTypes.has(mediaType)) {
    return { ok: false, status: 415, message: m.unsupportedContentType };
  }

  let bytes: Uint8Array<ArrayBuffer> | null;
  try {
    bytes = await readBody(request, maxBytes);
  } catch {
    return { ok: false, status: 400, message: m.unreadable };
  }
  if (!bytes) return { ok: false, status: 413, message: m.tooLarge };

  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, status: 400, message: m.invalidEncoding };
  }

  if (mediaType === "application/x-www-form-urlencoded") {
    const form = parseUrlEncoded(text);
    return form ? { ok: true, form } : { ok: false, status: 400, message: m.invalidEncoding };
  }
  try {
    const form = await new Response(bytes, { headers: { "Content-Type": contentType } }).formData();
    return { ok: true, form };
  } catch {
    return { ok: false, status: 400, message: m.unreadable };
  }
}

/**
 * The request body, or null when it is over maxBytes. Express already refuses larger
 * bodies (server/body-limit.ts); this keeps actions safe wherever they run.
 */
export async function readBody(
  request: Request,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (Number(request.headers.get("content-length")) > maxBytes) return null;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * application/x-www-form-urlencoded, strictly: unlike URLSearchParams, a malformed escape or
 * an escape of invalid UTF-8 (`%FF`) is refused (null) instead of silently becoming U+FFFD.
 */
function parseUrlEncoded(text: string): URLSearchParams | null {
  const params = new URLSearchParams();
  try {
    for (const pair of text.split("&")) {
      if (!pair) continue;
      const equals = pair.indexOf("=");
      const name = equals === -1 ? pair : pair.slice(0, equals);
      const value = equals === -1 ? "" : pair.slice(equals + 1);
      params.append(decodeFormComponent(name), decodeFormComponent(value));
    }
  } catch {
    return null;
  }
  return params;
}

function decodeFormComponent(component: string): string {
  return decodeURIComponent(component.replaceAll("+", " "));
}
