import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeBcb, type FakeBcb } from "../../../tests/support/bcb-ptax.ts";
import { lastBusinessDayPtax, ptaxOf } from "./ptax.server.ts";

let bcb: FakeBcb;

beforeAll(async () => {
  // Thursday 19 Nov 2026 closed; Friday 20 Nov (Consciência Negra) and the weekend did not.
  bcb = await startFakeBcb({ "2026-11-19": 5.3451, "2026-11-23": 5.4012 });
});

afterAll(() => bcb.close());

describe("PTAX", () => {
  it("reads a day's closing sell rate in ten-thousandths", async () => {
    expect(await ptaxOf("2026-11-19", bcb.url)).toEqual({ rate: 53451, quotedOn: "2026-11-19" });
    expect(await ptaxOf("2026-11-20", bcb.url)).toBeNull();
  });

  it("takes the last business day's rate past a holiday and a weekend", async () => {
    bcb.asked.length = 0;
    expect(await lastBusinessDayPtax("2026-11-23", bcb.url)).toEqual({
      rate: 53451,
      quotedOn: "2026-11-19",
    });
    expect(bcb.asked).toEqual(["2026-11-22", "2026-11-21", "2026-11-20", "2026-11-19"]);
    expect(await lastBusinessDayPtax("2026-11-24", bcb.url)).toEqual({
      rate: 54012,
      quotedOn: "2026-11-23",
    });
  });

  it("finds none when the service has nothing for ten days", async () => {
    expect(await lastBusinessDayPtax("2027-01-20", bcb.url)).toBeNull();
  });
});
