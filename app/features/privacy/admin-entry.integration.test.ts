import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, erasedEmails, waitlist } from "../../../db/schema.ts";
import { callSection, signIn } from "../../../tests/support/admin-requests.ts";
import { form } from "../../../tests/support/http.ts";
import { callContactAction, postRequest } from "../../../tests/support/signup-requests.ts";
import { adminEntryEmailCopy } from "../../content/email.ts";
import { createOrResetAdmin } from "../../lib/auth.server.ts";
import { getDb } from "../../platform/db/db.server.ts";

let cookie = "";

beforeAll(async () => {
  await createOrResetAdmin(await getDb(), {
    email: "equipe@agentesfx.test",
    password: "senha-de-teste-longa",
  });
  cookie = await signIn("equipe@agentesfx.test", "senha-de-teste-longa");
});

async function signUp(email: string) {
  await callContactAction(postRequest(form({ name: "Rui", email, terms: "on", contact: "on" })));
  const db = await getDb();
  const [entry] = await db.select().from(waitlist).where(eq(waitlist.email, email));
  if (!entry) throw new Error("not stored");
  return entry.id;
}

const post = (id: string, fields: Record<string, string>, withCookie = cookie) =>
  callSection("/admin/lista/:id", {
    cookie: withCookie,
    path: `/admin/lista/${id}`,
    params: { id },
    fields,
  });

describe("the person's admin page, e-mail side", () => {
  it("shows the consent ledger and the confirmation state", async () => {
    const id = await signUp("rui@example.com");
    const page = await callSection("/admin/lista/:id", {
      cookie,
      path: `/admin/lista/${id}`,
      params: { id },
    });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      entry: { confirmedAt: null },
      consents: [
        { kind: "terms-accepted", channel: "signup-form" },
        { kind: "marketing-given", channel: "signup-form" },
      ],
    });
  });

  it("resends the confirmation, at most 3 a day per address, never for a confirmed one", async () => {
    const id = await signUp("reenviar@example.com");
    expect(await post(id, { intent: "resend-confirmation" })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect((await post(id, { intent: "resend-confirmation" })).status).toBe(200);
    expect(await post(id, { intent: "resend-confirmation" })).toMatchObject({
      status: 429,
      body: { ok: false, error: adminEntryEmailCopy.throttled },
    });
    const db = await getDb();
    expect(await db.$count(emailOutbox, eq(emailOutbox.recipient, "reenviar@example.com"))).toBe(3);
    await db.update(waitlist).set({ confirmedAt: new Date() }).where(eq(waitlist.id, id));
    expect((await post(id, { intent: "resend-confirmation" })).status).toBe(409);
    expect((await post(crypto.randomUUID(), { intent: "resend-confirmation" })).status).toBe(404);
  });

  it("erases the person only with the confirmation box, and only for staff", async () => {
    const id = await signUp("apagar@example.com");
    expect((await post(id, { intent: "erase", confirm: "on" }, "")).status).toBe(401);
    expect((await post(id, { intent: "erase" })).status).toBe(400);
    const db = await getDb();
    expect(await db.$count(waitlist, eq(waitlist.id, id))).toBe(1);

    const erased = await post(id, { intent: "erase", confirm: "on" });
    expect(erased.status).toBe(303);
    expect(erased.headers.get("Location")).toBe("/admin/lista");
    expect(await db.$count(waitlist, eq(waitlist.id, id))).toBe(0);
    expect(await db.$count(emailOutbox, eq(emailOutbox.recipient, "apagar@example.com"))).toBe(0);
    expect(await db.$count(erasedEmails)).toBe(1);
    expect((await post(id, { intent: "erase", confirm: "on" })).status).toBe(404);
  });

  it("the list shows and filters confirmed and unconfirmed addresses", async () => {
    const confirmed = await signUp("confirmada@example.com");
    await signUp("pendente@example.com");
    const db = await getDb();
    await db.update(waitlist).set({ confirmedAt: new Date() }).where(eq(waitlist.id, confirmed));
    const emails = async (search: string) => {
      const outcome = await callSection("/admin/lista", { cookie, path: `/admin/lista${search}` });
      const body = outcome.body as { rows: { email: string; confirmedAt: Date | null }[] };
      return { status: outcome.status, rows: body.rows };
    };
    const yes = await emails("?confirmado=sim");
    expect(yes.rows.map((row) => row.email)).toContain("confirmada@example.com");
    expect(yes.rows.map((row) => row.email)).not.toContain("pendente@example.com");
    expect(yes.rows.every((row) => row.confirmedAt instanceof Date)).toBe(true);
    const no = await emails("?confirmado=nao");
    expect(no.rows.map((row) => row.email)).toContain("pendente@example.com");
    expect(no.rows.map((row) => row.email)).not.toContain("confirmada@example.com");
    expect((await emails("?confirmado=talvez")).status).toBe(400);
  });
});
