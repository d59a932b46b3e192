// Plain HTTP pieces shared by the integration and end-to-end tests: request bodies and
// cookies. Imports nothing from the app, so both Vitest and Playwright can load it.

/** A urlencoded body from fields; an array repeats the field. */
export function form(fields: Record<string, string | readonly string[]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of typeof value === "string" ? [value] : value) params.append(name, item);
  }
  return params.toString();
}

/** A body sent in chunks, without Content-Length (Transfer-Encoding: chunked). */
export function chunked(text: string, chunkSize = 8 * 1024): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
}

/** The UTF-8 bytes of a text, then raw bytes (to send invalid UTF-8). */
export function bytesOf(text: string, ...raw: number[]): Uint8Array<ArrayBuffer> {
  return new Uint8Array([...new TextEncoder().encode(text), ...raw]);
}

/** The Cookie header a browser would send back after these Set-Cookie lines. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/**
 * A visitor's sign-up on the /contato form of the server at siteUrl (it checks Origin), its
 * answer read to the end; the status (303 when accepted).
 */
export async function postSignUp(siteUrl: string, email: string, name = "Carga"): Promise<number> {
  const response = await fetch(`${siteUrl}/contato`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: siteUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: form({ name, email, terms: "on" }),
  });
  await response.arrayBuffer();
  return response.status;
}
