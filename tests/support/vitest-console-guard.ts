import { format } from "node:util";
import { afterEach, beforeEach } from "vitest";

// Any console.error during a test fails it: the app logs through pino, so a printed error
// is one that nothing handled. A test that expects one replaces console.error itself.
const original = console.error;
let printed: string[] = [];

beforeEach(() => {
  printed = [];
  console.error = (...args: unknown[]) => {
    printed.push(format(...args));
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  if (printed.length > 0) {
    throw new Error(`console.error was called during the test:\n${printed.join("\n")}`);
  }
});
