// PostgreSQL error codes we answer with a clear message instead of a 500.
const UNIQUE_VIOLATION = "23505";

/**
 * True when `error` (or the error it wraps: Drizzle wraps driver errors) is a unique
 * violation, optionally on a given constraint. Same codes on PGlite and PostgreSQL.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === UNIQUE_VIOLATION) {
      return constraint === undefined || candidate.constraint === constraint;
    }
    current = candidate.cause;
  }
  return false;
}
