import type { ErrorRequestHandler, RequestHandler } from "express";
import {
  badRequestMessage,
  methodNotAllowedMessage,
  serverErrorMessage,
} from "../app/content/http-errors.ts";
import { getLogger } from "../app/platform/http/logger.server.ts";

// Requests the site does not serve, and failures nobody foresaw, answered in plain
// Portuguese text with no stack trace and logged through pino only
// (docs/decisions/053-errors-and-methods.md).

export const ALLOWED_METHODS = ["GET", "HEAD", "POST"];

/** TRACE, OPTIONS, PUT, PROPFIND...: 405 with `Allow`, before anything else runs. */
export const allowOnlyServedMethods: RequestHandler = (req, res, next) => {
  if (ALLOWED_METHODS.includes(req.method)) return next();
  res
    .status(405)
    .set("Allow", ALLOWED_METHODS.join(", "))
    .type("text/plain; charset=utf-8")
    .send(methodNotAllowedMessage);
};

/** The last error handler: a 4xx keeps its status, anything else is a logged 500. */
export const handleErrors: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  const status = statusOf(error);
  if (status >= 500) getLogger().error({ err: error, method: req.method, url: req.originalUrl });
  else getLogger().debug({ err: error, method: req.method, url: req.originalUrl, status });
  if (res.headersSent) {
    // The answer is under way: nothing left to tell the client but to stop.
    res.destroy();
    return;
  }
  res
    .status(status)
    .type("text/plain; charset=utf-8")
    .send(status >= 500 ? serverErrorMessage : badRequestMessage);
};

function statusOf(error: unknown): number {
  if (typeof error === "object" && error !== null) {
    const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
    const given = typeof status === "number" ? status : statusCode;
    if (typeof given === "number" && given >= 400 && given < 500) return given;
  }
  return 500;
}
