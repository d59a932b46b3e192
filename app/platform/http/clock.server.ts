import { getEnv } from "./env.server.ts";

// The time invitation deadlines are kept by (docs/decisions/092): the system clock
// moved by CLOCK_OFFSET_MS, which only tests set. Code that decides by time takes a `now`
// argument, so integration tests inject their own instant.
export function appNow(): Date {
  return new Date(Date.now() + getEnv().CLOCK_OFFSET_MS);
}
