// Sign-ups that arrive together are stored by one statement (docs/decisions/317): each must
// end exactly as if it had been stored alone, and one entry's failure must stay its own.
import { asc, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consentEvents, emailOutbox, waitlist } from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { alreadyListedMessage, confirmSignupMessage } from "../confirmation/messages.tsx";
import { insertWaitlistEntry, type WaitlistSignup } from "./queries.server.ts";

const signup = (email: string, extra: Partial<WaitlistSignup> = {}): WaitlistSignup => ({
  name: `Pessoa ${email.split("@")[0]}`,
  email,
  interestedAgents: ["yenmax"],
  message: null,
  marketingConsent: false,
  source: null,
  utmMedium: null,
  utmCampaign: null,
  referrer: null,
  ...extra,
});

async function messagesTo(emails: readonly string[]) {
  const db = await getDb();
  return db
    .select({ to: emailOutbox.recipient, template: emailOutbox.template })
    .from(emailOutbox)
    .where(inArray(emailOutbox.recipient, [...emails]))
    .orderBy(asc(emailOutbox.recipient), asc(emailOutbox.template));
}

describe("sign-ups that arrive together", () => {
  it("each end as if stored alone: rows, consent lines and messages, a repeat after its first", async () => {
    const db = await getDb();
    await insertWaitlistEntry(signup("lote-pendente@example.com"));
    await insertWaitlistEntry(signup("lote-confirmada@example.com"));
    await db
      .update(waitlist)
      .set({ confirmedAt: sql`now()` })
      .where(eq(waitlist.email, "lote-confirmada@example.com"));

    const fresh = Array.from({ length: 8 }, (_, i) => `lote-${i}@example.com`);
    await Promise.all([
      ...fresh.map((email, i) =>
        insertWaitlistEntry(
          signup(email, { marketingConsent: i % 2 === 0, interestedAgents: ["midaspulse"] }),
        ),
      ),
      insertWaitlistEntry(signup("lote-pendente@example.com")),
      insertWaitlistEntry(signup("lote-confirmada@example.com")),
      // The same new address twice in one burst: a row, then a fresh confirmation link.
      insertWaitlistEntry(signup("lote-duas-vezes@example.com", { source: "google" })),
      insertWaitlistEntry(signup("lote-duas-vezes@example.com", { name: "Outro Nome" })),
    ]);

    const rows = await db
      .select()
      .from(waitlist)
      .where(inArray(waitlist.email, [...fresh, "lote-duas-vezes@example.com"]));
    expect(rows).toHaveLength(fresh.length + 1);
    for (const [i, email] of fresh.entries()) {
      const row = rows.find((r) => r.email === email);
      expect(row).toMatchObject({
        name: `Pessoa lote-${i}`,
        interestedAgents: ["midaspulse"],
        marketingConsent: i % 2 === 0,
      });
      expect(row?.termsAcceptedAt.getTime()).toBe(row?.createdAt.getTime());
      const consent = await db
        .select({ kind: consentEvents.kind })
        .from(consentEvents)
        .where(eq(consentEvents.waitlistId, row?.id ?? ""))
        .orderBy(asc(consentEvents.kind));
      expect(consent.map((line) => line.kind)).toEqual(
        i % 2 === 0 ? ["marketing-given", "terms-accepted"] : ["terms-accepted"],
      );
    }
    expect(rows.find((r) => r.email === "lote-duas-vezes@example.com")).toMatchObject({
      name: "Pessoa lote-duas-vezes",
      source: "google",
    });

    const confirm = confirmSignupMessage.name;
    expect(
      await messagesTo([
        ...fresh,
        "lote-pendente@example.com",
        "lote-confirmada@example.com",
        "lote-duas-vezes@example.com",
      ]),
    ).toEqual([
      ...fresh.map((to) => ({ to, template: confirm })),
      { to: "lote-confirmada@example.com", template: alreadyListedMessage.name },
      { to: "lote-confirmada@example.com", template: confirm },
      { to: "lote-duas-vezes@example.com", template: confirm },
      { to: "lote-duas-vezes@example.com", template: confirm },
      { to: "lote-pendente@example.com", template: confirm },
      { to: "lote-pendente@example.com", template: confirm },
    ]);
  });

  it("fail one by one: an entry the database refuses fails alone, the others are stored", async () => {
    const db = await getDb();
    const good = Array.from({ length: 6 }, (_, i) => `lote-bom-${i}@example.com`);
    // Not lower-cased: the table's check refuses it (the form's schema never sends one).
    const refused = "Lote-Recusado@Example.com";
    const outcomes = await Promise.allSettled([
      ...good.slice(0, 4).map((email) => insertWaitlistEntry(signup(email))),
      insertWaitlistEntry(signup(refused)),
      ...good.slice(4).map((email) => insertWaitlistEntry(signup(email))),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
    ]);
    expect(await db.$count(waitlist, inArray(waitlist.email, good))).toBe(good.length);
    expect(await messagesTo(good)).toHaveLength(good.length);
  });
});
