import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { renewalChargeTerms } from "../../../db/schema.ts";
import { callSection, signIn } from "../../../tests/support/admin-requests.ts";
import { createOrResetAdmin } from "../../lib/auth.server.ts";
import { getDb } from "../../platform/db/db.server.ts";

// /admin/assinaturas' form for the fine and interest of the renewals' due-date charges
// (decision 417): percents typed in Portuguese or with a dot, kept in basis points; a refusal
// is a 400 with the field's Portuguese message and what was typed, and stores nothing.

const ADMIN = { email: "termos@agentesfx.test", password: "uma-senha-bem-longa-1" };
let cookie: string;

beforeAll(async () => {
  await createOrResetAdmin(await getDb(), ADMIN);
  cookie = await signIn(ADMIN.email, ADMIN.password);
});

beforeEach(async () => {
  await (await getDb()).delete(renewalChargeTerms);
});

const post = (fields: Record<string, string>) =>
  callSection("/admin/assinaturas", {
    cookie,
    fields: { intent: "renewal-terms", ...fields },
  });

describe("the renewals' fine and interest", () => {
  it("shows none until staff set them, then stores what they typed, in basis points", async () => {
    expect((await callSection("/admin/assinaturas", { cookie })).body).toMatchObject({
      renewalTerms: null,
    });
    expect(await post({ fineBp: "2", interestBpMonth: "0,33 %" })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    const db = await getDb();
    expect(await db.select().from(renewalChargeTerms)).toMatchObject([
      { fineBp: 200, interestBpMonth: 33, setBy: ADMIN.email },
    ]);
    expect((await callSection("/admin/assinaturas", { cookie })).body).toMatchObject({
      renewalTerms: { fineBp: 200, interestBpMonth: 33, setBy: ADMIN.email },
    });
    // Zero in both: no fine nor interest from now on.
    expect(await post({ fineBp: "0", interestBpMonth: "0" })).toMatchObject({ status: 200 });
    expect((await callSection("/admin/assinaturas", { cookie })).body).toMatchObject({
      renewalTerms: { fineBp: 0, interestBpMonth: 0 },
    });
  });

  it.each([
    [{ fineBp: "2,5", interestBpMonth: "1" }, "fineBp", /multa em %, de 0 a 2/],
    [{ fineBp: "", interestBpMonth: "1" }, "fineBp", /multa em %/],
    [{ fineBp: "-1", interestBpMonth: "1" }, "fineBp", /multa em %/],
    [{ fineBp: "1,234", interestBpMonth: "1" }, "fineBp", /multa em %/],
    [{ fineBp: "2", interestBpMonth: "1,01" }, "interestBpMonth", /juros em % ao mês, de 0 a 1/],
    [{ fineBp: "2", interestBpMonth: "um" }, "interestBpMonth", /juros em %/],
    [{ fineBp: "2" }, "interestBpMonth", /juros em %/],
  ] as const)(
    "refuses %j with 400, the field's message and what was typed",
    async (fields, field, message) => {
      const answer = await post(fields);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        ok: false,
        error: expect.stringMatching(message),
        fieldErrors: { [field]: expect.stringMatching(message) },
        values: { intent: "renewal-terms", ...fields },
      });
      expect(await (await getDb()).select().from(renewalChargeTerms)).toEqual([]);
    },
  );

  it("answers a tampered intent with 400 and stores nothing", async () => {
    const answer = await callSection("/admin/assinaturas", {
      cookie,
      fields: { intent: "renewal-terms-x", fineBp: "2", interestBpMonth: "1" },
    });
    expect(answer.status).toBe(400);
    expect(await (await getDb()).select().from(renewalChargeTerms)).toEqual([]);
  });
});
