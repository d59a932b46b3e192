import type { RequestHandler } from "express";

// Express runs each `app.use` as a layer of its router, each with its own path matching,
// tracing check and error catching for every request (docs/decisions/303). Middleware that
// runs on every request in a fixed order is therefore one layer: this runs the handlers one
// after another as Express would, an error (passed to `next`, thrown or a rejected promise)
// going straight to the error handlers.

/** One middleware that runs `handlers` in order, each calling `next` to go on. */
export function inSeries(...handlers: RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    let index = 0;
    const step = (error?: unknown) => {
      if (error) return next(error);
      const handler = handlers[index];
      index += 1;
      if (!handler) return next();
      try {
        const result: unknown = handler(req, res, step);
        if (result instanceof Promise) {
          result.catch((rejection: unknown) => next(rejection ?? new Error("Rejected promise")));
        }
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}
