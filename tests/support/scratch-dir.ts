import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Test databases' folders go to memory (/dev/shm, a tmpfs) where the machine has one: a
// PGlite folder is 42 MB in 1,200 files, and on this machine's disk copying it cost a second
// of system CPU per test file and PGlite's writes slowed every test (docs/decisions/291). The
// files are the same; only where they live changes.
const memory = "/dev/shm";

function scratchRoot(): string {
  try {
    fs.accessSync(memory, fs.constants.W_OK);
    return memory;
  } catch {
    return os.tmpdir();
  }
}

/** A new empty folder for a test's throwaway files, in memory when the machine allows. */
export function makeScratchDir(prefix: string): string {
  return fs.mkdtempSync(path.join(scratchRoot(), prefix));
}
