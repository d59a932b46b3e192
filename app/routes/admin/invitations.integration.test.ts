import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { exchangeRates, invitations, robots, waitlist } from "../../../db/schema.ts";
import { linkTokens } from "../../../tests/support/outbox.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import { callSection, signIn } from "../../../tests/support/admin-requests.ts";
import type { RobotInvitationsView } from "../../features/invitations/admin-panel.tsx";
import { createOrResetAdmin } from "../../lib/auth.server.ts";
import { getDb } from "../../platform/db/db.server.ts";
import * as invitationRoute from "../site/invitation.tsx";

const ADMIN = { email: "convites@agentesfx.test", password: "uma-senha-bem-longa-2" };
let cookie: string;
const smtp = await smtpServerForFile();
let trendkeyId: string;
const people: Array<{ id: string; email: string }> = [];

beforeAll(async () => {
  const db = await getDb();
  await createOrResetAdmin(db, ADMIN);
  // Staff cannot invite while no exchange rate exists (decision 354).
  await db.insert(exchangeRates).values({ rate: "5.4321", setBy: ADMIN.email });
  const rows = await db
    .insert(waitlist)
    .values(
      ["ana", "bia", "caio", "duda"].map((name, i) => ({
        name,
        email: `${name}@exemplo.com`,
        interestedAgents: ["trendkey-btc"],
        termsAcceptedAt: new Date(),
        createdAt: new Date(Date.UTC(2026, 10, 1 + i)),
        confirmedAt: name === "duda" ? null : new Date(),
      })),
    )
    .returning({ id: waitlist.id, email: waitlist.email });
  people.push(...rows);
  const [trendkey] = await db.select().from(robots).where(eq(robots.key, "trendkey-btc"));
  trendkeyId = trendkey!.id;
  cookie = await signIn(ADMIN.email, ADMIN.password);
});

const overview = async (path = "/admin/convites") => {
  const outcome = await callSection("/admin/convites", { cookie, path });
  expect(outcome.status).toBe(200);
  const { robots: rows } = outcome.body as { robots: RobotInvitationsView[] };
  return rows.find((r) => r.name === "TrendKey BTC")!;
};
const post = (fields: Record<string, string | string[]>) =>
  callSection("/admin/convites", { cookie, fields });

/** The /convite/:token route as React Router calls it: status and what the page shows. */
async function invitationPage(token: string, intent?: string, extra: Record<string, string> = {}) {
  const request = intent
    ? new Request(`http://localhost/convite/${token}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent, ...extra }).toString(),
      })
    : new Request(`http://localhost/convite/${token}`);
  const args = { request, params: { token }, context: undefined } as never;
  let result;
  try {
    result = (await (intent ? invitationRoute.action(args) : invitationRoute.loader(args))) as {
      data: {
        view: { state: string; robotName?: string; deadline?: string; msLeft?: number } | null;
        order: { state: string; robotName: string; reference: string } | null;
      };
      init: { status: number };
    };
  } catch (thrown) {
    // A redirect (the acceptance leads to the order page).
    if (thrown instanceof Response) {
      return { status: thrown.status, location: thrown.headers.get("location") };
    }
    throw thrown;
  }
  const { view, order } = result.data;
  return order
    ? { status: result.init.status, order }
    : { status: result.init.status, view: view! };
}

async function tokenOf(email: string) {
  const [token] = await linkTokens(smtp, email, "/convite");
  return token!;
}

describe("/admin/convites", () => {
  it("shows each robot's spots and queue, and previews who would be invited", async () => {
    const trendkey = await overview();
    expect(trendkey).toMatchObject({
      capacity: 20,
      taken: 0,
      held: 0,
      free: 20,
      queueLength: 3,
      preview: null,
    });
    const preview = await overview(`/admin/convites?robo=${trendkeyId}&n=2`);
    expect(preview.preview?.map((p) => p.email)).toEqual(["ana@exemplo.com", "bia@exemplo.com"]);
    // Bad query strings are ignored, never a 500.
    for (const query of ["?robo=x&n=2", `?robo=${trendkeyId}&n=-1`, `?robo=${trendkeyId}&n=abc`]) {
      expect((await overview(`/admin/convites${query}`)).preview).toBeNull();
    }
  });

  it("invites the people shown, revokes, toggles auto-invite, refuses bad requests", async () => {
    const [ana, bia] = people;
    expect(
      (
        await post({
          intent: "convidar-proximos",
          robotId: trendkeyId,
          personId: [ana!.id, bia!.id],
        })
      ).status,
    ).toBe(200);
    const after = await overview();
    expect(after).toMatchObject({ held: 2, free: 18, queueLength: 1 });
    expect(after.open.map((o) => o.email).sort()).toEqual([ana!.email, bia!.email]);

    // "Revogar" acts only once confirmed (the dialog sends confirmar=sim).
    const unconfirmed = await post({ intent: "revogar", invitationId: after.open[0]!.id });
    expect(unconfirmed.status).toBe(400);
    expect(await overview()).toMatchObject({ held: 2, free: 18 });
    const revoke = { intent: "revogar", invitationId: after.open[0]!.id, confirmar: "sim" };
    expect((await post(revoke)).status).toBe(200);
    expect((await post(revoke)).status).toBe(409);
    expect(await overview()).toMatchObject({ held: 1, free: 19 });

    expect(
      (await post({ intent: "convidar-automaticamente", robotId: trendkeyId, autoInvite: "on" }))
        .status,
    ).toBe(200);
    expect((await overview()).autoInvite).toBe(true);

    expect((await post({ intent: "nada" })).status).toBe(400);
    expect((await post({ intent: "revogar", invitationId: "x", confirmar: "sim" })).status).toBe(
      404,
    );
    expect(
      (await post({ intent: "convidar-proximos", robotId: trendkeyId, personId: "x" })).status,
    ).toBe(400);
  });

  it("invites one person from their page, only with a confirmed e-mail", async () => {
    const [, , caio, duda] = people;
    const refused = await post({
      intent: "convidar-pessoa",
      robotId: trendkeyId,
      personId: duda!.id,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: "O e-mail desta pessoa ainda não foi confirmado.",
    });
    const ok = await post({ intent: "convidar-pessoa", robotId: trendkeyId, personId: caio!.id });
    expect(ok.status).toBe(200);
    const page = await callSection("/admin/lista/:id", {
      cookie,
      path: `/admin/lista/${caio!.id}`,
      params: { id: caio!.id },
    });
    expect(page.body).toMatchObject({
      entry: { status: "contacted" },
      invitations: { history: [{ robotName: "TrendKey BTC", status: "sent" }] },
    });
  });
});

describe("/convite/:token", () => {
  it("shows the invitation on GET and changes it only on POST", async () => {
    const token = await tokenOf("caio@exemplo.com");
    const shown = await invitationPage(token);
    expect(shown.status).toBe(200);
    expect(shown.view).toMatchObject({ state: "open", robotName: "TrendKey BTC" });
    expect(shown.view?.deadline).toMatch(
      /^\d\d\/\d\d\/\d{4} às \d\d:\d\d \(horário de Brasília\)$/,
    );
    expect(shown.view?.msLeft).toBeGreaterThan(47 * 3_600_000);
    expect((await invitationPage(token)).status).toBe(200);

    expect((await invitationPage(token, "talvez")).status).toBe(400);
    // "Não tenho mais interesse" first asks, and changes nothing until confirmed.
    const asked = await invitationPage(token, "decline");
    expect(asked).toMatchObject({ status: 200, view: { state: "open", confirmDecline: true } });
    expect(await invitationPage(token)).toMatchObject({ status: 200, view: { state: "open" } });
    const accepted = await invitationPage(token, "accept");
    expect(accepted).toEqual({ status: 303, location: `/convite/${token}` });
    // The same link now shows the order the acceptance created (issue 23).
    expect(await invitationPage(token)).toMatchObject({
      status: 200,
      order: { state: "awaiting-payment", robotName: "TrendKey BTC" },
    });
    expect((await invitationPage(token, "decline")).status).toBe(410);
  });

  it("answers 404 for unknown tokens and 410 after the deadline, without saying who", async () => {
    for (const token of ["nao-existe", "A".repeat(43), "%00"]) {
      expect(await invitationPage(token)).toEqual({ status: 404, view: { state: "not-found" } });
      expect((await invitationPage(token, "accept")).status).toBe(404);
    }
    const token = await tokenOf("bia@exemplo.com");
    const db = await getDb();
    await db
      .update(invitations)
      .set({ deadline: new Date(Date.now() - 1000) })
      .where(eq(invitations.status, "sent"));
    expect(await invitationPage(token)).toEqual({ status: 410, view: { state: "gone" } });
    expect(await invitationPage(token, "accept")).toEqual({ status: 410, view: { state: "gone" } });
  });
});
