/**
 * A download's body read part by part from the database as the client takes it, so a
 * large file is never held whole (lib.dom's ReadableStream has no `from`).
 */
export function streamedBody(parts: AsyncIterator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await parts.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
}
