import compression from "compression";
import type { Request, RequestHandler } from "express";

// What the compression middleware may compress (docs/decisions/304). It skips a body under
// 1 KB only when it knows the size, and React Router writes its data answers as a stream of
// unknown length: an action's answer to the site's own JavaScript (POST …/page.data, the
// sign-up's is 36 bytes) got a brotli compressor of its own, whose set-up costs more CPU than
// its few bytes could ever save. Those answers are a form's outcome (a result, field errors,
// the values sent back), never a page, so they go as they are; pages and loaders' data
// (GET …/page.data) keep being compressed.

/** True for a request whose answer is not worth a compressor: an action's data answer. */
export function isActionDataRequest(req: Request): boolean {
  return req.method === "POST" && req.path.endsWith(".data");
}

export function compressAnswers(): RequestHandler {
  return compression({
    filter: (req, res) => !isActionDataRequest(req) && compression.filter(req, res),
  });
}
