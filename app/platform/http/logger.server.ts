import pino from "pino";
import { configurationProblems, getEnv } from "./env.server.ts";

let instance: pino.Logger | undefined;

/** The process-wide structured logger (JSON lines on stdout). */
export function getLogger(): pino.Logger {
  instance ??= pino({ level: getEnv().LOG_LEVEL });
  return instance;
}

/**
 * A process's first step: every missing or invalid setting named, one fatal line of the
 * structured log per variable and no stack trace, then exit 1 (docs/decisions/137). Its own
 * logger: LOG_LEVEL may be one of the bad settings.
 */
export function exitOnConfigurationProblems(): void {
  const problems = configurationProblems();
  if (problems.length === 0) return;
  const startupLogger = pino();
  for (const { variable, problem } of problems) {
    startupLogger.fatal({ variable }, `${variable}: ${problem}`);
  }
  process.exit(1);
}
