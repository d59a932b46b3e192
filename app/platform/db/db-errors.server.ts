// PostgreSQL error codes we answer with a clear message instead of a 500.
const UNIQUE_VIOLATION = "23505";

/**
 * True when `error`, or an error it wraps (Drizzle wraps driver errors), is a unique
 * violation. The codes are the same on PGlite and PostgreSQL.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (candidate.code === UNIQUE_VIOLATION) return true;
    current = candidate.cause;
  }
  return false;
}
