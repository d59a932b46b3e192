import compression from "compression";
import type { Request, RequestHandler } from "express";
import { fastestBrotli, fastestGzip } from "../app/platform/http/content-encoding.server.ts";

// What the compression middleware may compress (docs/decisions/304). It skips a body under
// 1 KB only when it knows the size, and React Router writes its data answers as a stream of
// unknown length: an action's answer to the site's own JavaScript (POST …/page.data, the
// sign-up's is 36 bytes) got a brotli compressor of its own, whose set-up costs more CPU than
// its few bytes could ever save. Those answers are a form's outcome (a result, field errors,
// the values sent back), never a page, so they go as they are; pages and loaders' data
// (GET …/page.data) keep being compressed. So do a machine's posts (a PSP's webhook, a robot's
// heartbeat): their answers are an acknowledgement of a few bytes, and at 100 webhooks a second
// their compressors were a third of the web process's CPU (docs/decisions/440).

/** The paths machines post to, whose answers are a few bytes. */
const MACHINE_POSTS = ["/webhooks/", "/api/"];

/** True for a request whose answer is not worth a compressor. */
export function isAcknowledgement(req: Request): boolean {
  return (
    req.method === "POST" &&
    (req.path.endsWith(".data") || MACHINE_POSTS.some((prefix) => req.path.startsWith(prefix)))
  );
}

// A staff CSV export (142 MB for a million sign-ups) is compressed for speed, not size
// (docs/decisions/463); on PostgreSQL its worker sends it compressed already.

/** True for a download whose size makes compression's speed matter more than its ratio. */
export function isLargeDownload(req: Request): boolean {
  return req.method === "GET" && req.path.endsWith(".csv");
}

export function compressAnswers(): RequestHandler {
  const fastest = compression({ ...fastestGzip, brotli: fastestBrotli });
  const usual = compression({
    filter: (req, res) => !isAcknowledgement(req) && compression.filter(req, res),
  });
  return (req, res, next) => (isLargeDownload(req) ? fastest : usual)(req, res, next);
}
