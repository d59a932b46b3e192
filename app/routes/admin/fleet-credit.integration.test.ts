import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { maintenanceWindows, serviceCreditThresholds } from "../../../db/schema.ts";
import { callSection, signIn } from "../../../tests/support/admin-requests.ts";
import { createOrResetAdmin } from "../../lib/auth.server.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { loader as pricingLoader } from "../site/pricing.tsx";
import { loader as termsLoader } from "../site/terms.tsx";

// /admin/frota's service-credit forms (decisions 394-395), and the rule they publish.

const ADMIN = { email: "frota@agentesfx.test", password: "uma-senha-bem-longa-1" };
let cookie: string;

beforeAll(async () => {
  await createOrResetAdmin(await getDb(), ADMIN);
  cookie = await signIn(ADMIN.email, ADMIN.password);
});

beforeEach(async () => {
  const db = await getDb();
  await db.delete(serviceCreditThresholds);
  await db.delete(maintenanceWindows);
});

const post = (fields: Record<string, string>) => callSection("/admin/frota", { cookie, fields });

describe("the service credit's threshold", () => {
  it("publishes the default, then what staff set, on /termos and /precos", async () => {
    expect((await termsLoader()).creditRule).toContain("Se passar de 4 h no ciclo");
    expect(await post({ intent: "limite", hours: "6:30" })).toMatchObject({
      status: 200,
      body: { ok: true, message: "Limite salvo." },
    });
    const db = await getDb();
    expect(await db.select().from(serviceCreditThresholds)).toMatchObject([
      { minutes: 390, setBy: ADMIN.email },
    ]);
    expect((await termsLoader()).creditRule).toContain("Se passar de 6 h 30 min no ciclo");
    expect((await pricingLoader()).creditRule).toContain("Se passar de 6 h 30 min no ciclo");
  });

  it.each(["", "abc", "4,5", "745", "4:60", "-1"])(
    "refuses %j with 400, its message and what was typed",
    async (hours) => {
      const answer = await post({ intent: "limite", hours });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ ok: false, values: { hours } });
      const db = await getDb();
      expect(await db.select().from(serviceCreditThresholds)).toEqual([]);
    },
  );
});

describe("maintenance windows", () => {
  const window = {
    intent: "janela",
    startsAt: "2099-03-01T02:00",
    endsAt: "2099-03-01T04:00",
    reason: "Atualização das VPSs",
  };

  it("declares one ahead in Brasília time, lists it, and cancels it before it begins", async () => {
    expect(await post(window)).toMatchObject({ status: 200, body: { ok: true } });
    const db = await getDb();
    const [stored] = await db.select().from(maintenanceWindows);
    expect(stored).toMatchObject({
      startsAt: new Date("2099-03-01T05:00:00Z"),
      endsAt: new Date("2099-03-01T07:00:00Z"),
      reason: "Atualização das VPSs",
      declaredBy: ADMIN.email,
    });
    const page = await callSection("/admin/frota", { cookie });
    expect(page.body).toMatchObject({
      credit: { windows: [{ id: stored!.id, cancellable: true }] },
    });
    expect(await post({ intent: "cancelar", id: stored!.id })).toMatchObject({ status: 200 });
    expect(await post({ intent: "cancelar", id: stored!.id })).toMatchObject({ status: 409 });
  });

  it.each([
    [
      "one that began already",
      { startsAt: "2020-03-01T02:00", endsAt: "2020-03-01T04:00" },
      "começar no futuro",
    ],
    ["one longer than a day", { endsAt: "2099-03-02T04:01" }, "no máximo 24 horas"],
    ["one ending before it starts", { endsAt: "2099-03-01T01:00" }, "depois do início"],
    ["one without a reason", { reason: " " }, "Motivo"],
    ["a date that is not one", { startsAt: "amanhã" }, "Informe início"],
  ])("refuses %s with 400 and keeps what was typed", async (_, overrides, message) => {
    const fields = { ...window, ...overrides };
    const answer = await post(fields);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ ok: false, values: fields });
    expect((answer.body as { message: string }).message).toContain(message);
    const db = await getDb();
    expect(await db.select().from(maintenanceWindows)).toEqual([]);
  });

  it("answers 400 to an unknown intent", async () => {
    expect((await post({ intent: "apagar-tudo" })).status).toBe(400);
  });
});
