import { describe, expect, it } from "vitest";
import { getDb } from "../../platform/db/db.server.ts";
import { takeSendSlots } from "./queue.server.ts";

describe("shared send rates", () => {
  it("grants at most one second's worth, shared by every caller of a key", async () => {
    const db = await getDb();
    // One a second: one now, then none until the second has passed.
    expect(await takeSendSlots(db, "test:slow", 1, 8)).toBe(1);
    expect(await takeSendSlots(db, "test:slow", 1, 8)).toBe(0);
    // Ten a second: at most ten over two quick calls (a slow machine may free one more).
    const first = await takeSendSlots(db, "test:fast", 10, 8);
    const second = await takeSendSlots(db, "test:fast", 10, 8);
    expect(first).toBe(8);
    expect(first + second).toBeGreaterThanOrEqual(10);
    expect(first + second).toBeLessThanOrEqual(12);
    // Another key is another bucket; a rate of 0 means no limit.
    expect(await takeSendSlots(db, "test:other", 1, 8)).toBe(1);
    expect(await takeSendSlots(db, "test:none", 0, 500)).toBe(500);
  });
});
