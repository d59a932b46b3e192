import { inArray, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { emailOutbox, waitlist } from "../../../db/schema.ts";
import { getDb } from "./db.server.ts";
import { insertRowsSql, returningAll, rowsFromDriver } from "./rows.ts";

const emails = ["rows-a@exemplo.com", "rows-b@exemplo.com"];

afterEach(async () => {
  const db = await getDb();
  await db.delete(waitlist).where(inArray(waitlist.email, emails));
  await db.delete(emailOutbox).where(inArray(emailOutbox.recipient, emails));
});

describe("rows inserted as one JSON parameter", () => {
  it("write what drizzle's insert writes: dates, arrays, JSON, nulls and defaults", async () => {
    const db = await getDb();
    const at = new Date("2027-03-04T05:06:07.089Z");
    const result = await db.execute(
      sql`${insertRowsSql(waitlist, [
        {
          name: "Ana 'O\"Brien'",
          email: emails[0]!,
          interestedAgents: ["yenmax", "trend,key"],
          termsAcceptedAt: at,
          marketingConsent: true,
          message: null,
        },
        {
          name: "Bia",
          email: emails[1]!,
          interestedAgents: [],
          termsAcceptedAt: at,
          marketingConsent: false,
          message: "olá\nmundo",
        },
      ])} ${returningAll(waitlist)}`,
    );
    const returned = rowsFromDriver(waitlist, result);
    const stored = await db.select().from(waitlist).where(inArray(waitlist.email, emails));
    const byEmail = <T extends { email: string }>(rows: T[]) =>
      [...rows].sort((a, b) => a.email.localeCompare(b.email));
    expect(byEmail(returned)).toEqual(byEmail(stored));
    expect(byEmail(stored).map((row) => [row.name, row.interestedAgents, row.message])).toEqual([
      ["Ana 'O\"Brien'", ["yenmax", "trend,key"], null],
      ["Bia", [], "olá\nmundo"],
    ]);
    expect(stored[0]!.termsAcceptedAt).toEqual(at);
    // Columns no row gave take their defaults.
    expect(stored.map((row) => row.status)).toEqual(["pending", "pending"]);
    expect(stored.every((row) => row.createdAt instanceof Date && row.id.length === 36)).toBe(true);

    await db.execute(
      insertRowsSql(emailOutbox, [
        { template: "t", recipient: emails[0]!, payload: { a: "1", b: 'x"y' } },
        { template: "t", recipient: emails[1]!, payload: {} },
      ]),
    );
    const mail = await db
      .select({ payload: emailOutbox.payload, status: emailOutbox.status })
      .from(emailOutbox)
      .where(inArray(emailOutbox.recipient, emails));
    expect(
      mail.map((row) => row.payload).sort((a, b) => Object.keys(b).length - Object.keys(a).length),
    ).toEqual([{ a: "1", b: 'x"y' }, {}]);
    expect(mail.map((row) => row.status)).toEqual(["queued", "queued"]);
  });

  it("refuses a column with a default that only some rows give", () => {
    expect(() =>
      insertRowsSql(waitlist, [
        { name: "A", email: emails[0]!, termsAcceptedAt: new Date(), status: "contacted" },
        { name: "B", email: emails[1]!, termsAcceptedAt: new Date() },
      ]),
    ).toThrow(/status is given in some rows only/);
  });
});
