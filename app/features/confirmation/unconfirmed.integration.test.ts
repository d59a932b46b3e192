import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consentEvents, emailOutbox, waitlist } from "../../../db/schema.ts";
import { form } from "../../../tests/support/http.ts";
import { linkTokens, messagesTo } from "../../../tests/support/outbox.ts";
import { callRoute } from "../../../tests/support/route-calls.ts";
import { callContactAction, postRequest } from "../../../tests/support/signup-requests.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import { emailCopy } from "../../content/email.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { rowsOf } from "../../platform/db/rows.ts";
import { action as confirmAction } from "../../routes/site/confirm.tsx";
import { isErasedEmailSql } from "../privacy/erasure.server.ts";
import { unconfirmedEntriesJob } from "./jobs.server.ts";
import { confirmSignupReminderMessage } from "./messages.tsx";

// People who sign up and never open the confirmation: one reminder after 24 hours, then the
// entry is erased after UNCONFIRMED_ERASE_DAYS (30 here), as a person's own deletion is.
const smtp = await smtpServerForFile();

const HOUR = 3_600_000;
const start = Date.now();
const at = (hours: number) => new Date(start + hours * HOUR);

async function signUp(email: string) {
  const answer = await callContactAction(
    postRequest(form({ name: "Rita", email, terms: "on", contact: "on" })),
  );
  expect(answer.status).toBe(303);
}

async function confirm(email: string) {
  const [token] = await linkTokens(smtp, email, "/confirmar");
  const answer = await callRoute(confirmAction, {
    url: `http://localhost:3000/confirmar/${token}`,
    params: { token: token! },
    body: "",
  });
  expect(answer.status).toBe(200);
}

const reminders = async (email: string) =>
  (await getDb()).$count(
    emailOutbox,
    and(
      eq(emailOutbox.recipient, email),
      eq(emailOutbox.template, confirmSignupReminderMessage.name),
    ),
  );

const entry = async (email: string) =>
  (await (await getDb()).select().from(waitlist).where(eq(waitlist.email, email)))[0];

describe("entries never confirmed", () => {
  it("get one reminder after 24 hours, with a link that confirms; confirmed ones get none", async () => {
    await signUp("rita.esquecida@example.com");
    await signUp("rita.confirmada@example.com");
    await confirm("rita.confirmada@example.com");

    await unconfirmedEntriesJob.run({ now: at(23) });
    expect(await reminders("rita.esquecida@example.com")).toBe(0);
    const next = await unconfirmedEntriesJob.run({ now: at(25) });
    expect(next!.getTime()).toBeGreaterThan(at(25).getTime());
    await unconfirmedEntriesJob.run({ now: at(26) });
    await unconfirmedEntriesJob.run({ now: at(48) });
    expect(await reminders("rita.esquecida@example.com")).toBe(1);
    expect(await reminders("rita.confirmada@example.com")).toBe(0);

    const tokens = await linkTokens(smtp, "rita.esquecida@example.com", "/confirmar");
    expect(tokens).toHaveLength(2);
    const reminder = messagesTo(smtp, "rita.esquecida@example.com").at(-1);
    expect(reminder?.subject).toBe(emailCopy.confirmSignupReminder.subject);
    expect(reminder?.text).toContain("Olá, Rita!");
    const confirmed = await callRoute(confirmAction, {
      url: `http://localhost:3000/confirmar/${tokens[1]}`,
      params: { token: tokens[1]! },
      body: "",
    });
    expect(confirmed.status).toBe(200);
    expect((await entry("rita.esquecida@example.com"))?.confirmedAt).not.toBeNull();
  });

  it("are erased after 30 days with their ledger, keeping only the address's hash", async () => {
    await signUp("rita.apagada@example.com");
    const id = (await entry("rita.apagada@example.com"))!.id;
    await unconfirmedEntriesJob.run({ now: at(25) });
    expect(await reminders("rita.apagada@example.com")).toBe(1);
    await unconfirmedEntriesJob.run({ now: at(29 * 24) });
    expect(await entry("rita.apagada@example.com")).toBeDefined();

    // An entry older than the reminders never got one: it gets it now, and a week to use it.
    await signUp("rita.antiga@example.com");
    await unconfirmedEntriesJob.run({ now: at(30 * 24 + 1) });
    expect(await entry("rita.apagada@example.com")).toBeUndefined();
    expect(await reminders("rita.antiga@example.com")).toBe(1);
    expect(await entry("rita.antiga@example.com")).toBeDefined();
    await unconfirmedEntriesJob.run({ now: at(37 * 24 + 2) });
    expect(await entry("rita.antiga@example.com")).toBeUndefined();
    const db = await getDb();
    expect(await db.$count(consentEvents, eq(consentEvents.waitlistId, id))).toBe(0);
    expect(
      await db.$count(emailOutbox, eq(emailOutbox.recipient, "rita.apagada@example.com")),
    ).toBe(0);
    const [erased] = rowsOf<{ erased: boolean }>(
      await db.execute(sql`select ${isErasedEmailSql("rita.apagada@example.com")} as erased`),
    );
    expect(erased?.erased).toBe(true);
    // Confirmed entries stay, however old.
    expect(await entry("rita.confirmada@example.com")).toBeDefined();
  });
});
