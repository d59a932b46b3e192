import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { robots, signedStatementInboxes } from "../../../db/schema.ts";
import { callSection, signIn } from "../../../tests/support/admin-requests.ts";
import { signedStatementsAdminCopy as copy } from "../../content/signed-statements.ts";
import { createOrResetAdmin } from "../../lib/auth.server.ts";
import { getDb } from "../../platform/db/db.server.ts";

// /admin/robos/:id/extratos-assinados (docs/decisions/377): staff give a robot's account its
// inbox and broker domains; bad input is a 400 with the fields kept, never a 500.

const ADMIN = { email: "admin@agentesfx.test", password: "uma-senha-bem-longa-1" };
let cookie: string;
let robotId: string;

beforeAll(async () => {
  const db = await getDb();
  await createOrResetAdmin(db, ADMIN);
  cookie = await signIn(ADMIN.email, ADMIN.password);
  const [robot] = await db.select({ id: robots.id }).from(robots).where(eq(robots.key, "yenmax"));
  robotId = robot!.id;
});

const fields = {
  accountNumber: "87654321",
  brokerDomains: "Mail.Corretora-Exemplo.com\nreports.corretora-exemplo.com.",
  accountKind: "real",
  broker: "Corretora Exemplo",
  serverClock: "ny-close",
  currency: "USD",
};

const post = (values: Record<string, string>) =>
  callSection("/admin/robos/:id/extratos-assinados", {
    cookie,
    path: `/admin/robos/${robotId}/extratos-assinados`,
    params: { id: robotId },
    fields: values,
  });

describe("the robot's inbox for signed statements", () => {
  it("refuses bad domains and account numbers with their messages, keeping what was typed", async () => {
    const outcome = await post({
      ...fields,
      accountNumber: "12-34",
      brokerDomains: "não é domínio",
    });
    expect(outcome.status).toBe(400);
    expect(outcome.body).toMatchObject({
      ok: false,
      fieldErrors: {
        accountNumber: copy.errors.accountNumber,
        brokerDomains: copy.errors.brokerDomains,
      },
      values: { accountNumber: "12-34", brokerDomains: "não é domínio" },
    });
    const eleven = Array.from({ length: 11 }, (_, i) => `d${i}.corretora.com`).join("\n");
    expect((await post({ ...fields, brokerDomains: eleven })).status).toBe(400);
    const db = await getDb();
    expect(
      await db
        .select()
        .from(signedStatementInboxes)
        .where(eq(signedStatementInboxes.robotId, robotId)),
    ).toHaveLength(0);
  });

  it("saves the account, gives it one address for good, and shows it", async () => {
    expect(await post(fields)).toMatchObject({ status: 200, body: { ok: true } });
    const first = await callSection("/admin/robos/:id/extratos-assinados", {
      cookie,
      path: `/admin/robos/${robotId}/extratos-assinados`,
      params: { id: robotId },
    });
    const page = first.body as { address: string; settings: { brokerDomains: string } };
    expect(page.address).toMatch(/^yenmax-[0-9a-f]{12}@extratos\./);
    expect(page.settings.brokerDomains).toBe(
      "mail.corretora-exemplo.com\nreports.corretora-exemplo.com",
    );
    await post({ ...fields, accountNumber: "11112222" });
    const again = await callSection("/admin/robos/:id/extratos-assinados", {
      cookie,
      path: `/admin/robos/${robotId}/extratos-assinados`,
      params: { id: robotId },
    });
    expect((again.body as { address: string }).address).toBe(page.address);
  });
});
