import { describe, expect, it } from "vitest";
import { BATCH_SIZE, inBatches } from "./rows.ts";

describe("inBatches", () => {
  it("queries no batch for no values", async () => {
    const batches: number[][] = [];
    const rows = await inBatches<number, number>([], async (batch) => {
      batches.push(batch);
      return batch;
    });
    expect(batches).toEqual([]);
    expect(rows).toEqual([]);
  });

  it("splits a long list into batches of BATCH_SIZE and joins their rows in order", async () => {
    const values = Array.from({ length: 2 * BATCH_SIZE + 1 }, (_, i) => i);
    const sizes: number[] = [];
    const rows = await inBatches(values, async (batch) => {
      sizes.push(batch.length);
      return batch.map((value) => `v${value}`);
    });
    expect(sizes).toEqual([BATCH_SIZE, BATCH_SIZE, 1]);
    expect(rows).toEqual(values.map((value) => `v${value}`));
  });
});
