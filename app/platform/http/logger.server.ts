import pino from "pino";
import { getEnv } from "./env.server.ts";

let instance: pino.Logger | undefined;

/** The process-wide structured logger (JSON lines on stdout). */
export function getLogger(): pino.Logger {
  instance ??= pino({ level: getEnv().LOG_LEVEL });
  return instance;
}
