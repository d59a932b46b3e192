import type { RequestHandler } from "express";

/**
 * Answers 413 to any non-GET request whose body is over maxBytes, before or while React
 * Router reads it (docs/product.md rule 3; docs/decisions/024-request-body-limit.md).
 *
 * A declared Content-Length is checked at once (Node never delivers more than it declares).
 * A chunked body is counted as it flows to the request handler without being copied: on
 * the first byte over the limit the answer is 413, the handler's reader gets an error (so
 * no action ever sees a truncated body) and the rest is drained and dropped.
 */
export function bodySizeLimit(maxBytes: number, message: string): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();

    const declared = req.headers["content-length"];
    if (declared !== undefined) {
      if (Number(declared) > maxBytes) tooLarge(res, message);
      else next();
      return;
    }
    if (req.headers["transfer-encoding"] === undefined) return next();

    let received = 0;
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= maxBytes) return;
      req.off("data", count);
      if (!res.headersSent) tooLarge(res, message);
      // The handler's reader (React Router's body stream) listens for errors.
      if (req.listenerCount("error") > 0) {
        req.emit("error", new Error(`Request body over ${maxBytes} bytes`));
      }
      req.resume();
    };
    // Paused, the counter only watches: bytes flow once the handler starts reading them.
    req.on("data", count);
    req.pause();
    next();
  };
}

function tooLarge(res: Parameters<RequestHandler>[1], message: string) {
  res.status(413).type("text/plain; charset=utf-8").send(message);
}
