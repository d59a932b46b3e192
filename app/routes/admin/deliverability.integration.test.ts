import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  blogPosts,
  campaignMessages,
  campaigns,
  deliveryReports,
  emailOutbox,
  erasedEmails,
  newsletterSubscribers,
  suppressions,
  waitlist,
} from "../../../db/schema.ts";
import { callSection, signIn } from "../../../tests/support/admin-requests.ts";
import { subscribersAdminCopy } from "../../content/newsletter-admin.ts";
import { deliverabilityAdminCopy } from "../../content/deliverability.ts";
import { createOrResetAdmin } from "../../lib/auth.server.ts";
import { getDb } from "../../platform/db/db.server.ts";
import type { Deliverability } from "../../features/deliverability/admin.server.ts";
import type { SubscribersPage } from "../../features/newsletter/admin.server.ts";

const ADMIN = { email: "entregas@agentesfx.test", password: "uma-senha-bem-longa-2" };
let cookie: string;

// Read once by the env module: links in the e-mails name the public site.
process.env.SITE_URL = "https://agentesfx.com.br";

beforeAll(async () => {
  await createOrResetAdmin(await getDb(), ADMIN);
  cookie = await signIn(ADMIN.email, ADMIN.password, "198.51.100.60");
});

describe("/admin/entregabilidade", () => {
  it("lists suppressions with reason and causing message, lifts one recording who, reviews a report", async () => {
    const db = await getDb();
    const [message] = await db
      .insert(emailOutbox)
      .values({ template: "newsletter-welcome", recipient: "morto@exemplo.com.br", payload: {} })
      .returning();
    const [suppression] = await db
      .insert(suppressions)
      .values({
        email: "morto@exemplo.com.br",
        reason: "hard-bounce",
        messageId: message!.id,
        detail: "5.1.1 User unknown",
      })
      .returning();
    const [report] = await db
      .insert(deliveryReports)
      .values({ kind: "unclassified", source: "http", raw: "Subject: ?\r\n\r\n?" })
      .returning();

    const page = await callSection("/admin/entregabilidade", { cookie });
    const loaded = page.body as Deliverability;
    expect(loaded.active).toContainEqual(
      expect.objectContaining({
        email: "morto@exemplo.com.br",
        reason: "hard-bounce",
        messageId: message!.id,
        template: "newsletter-welcome",
        detail: "5.1.1 User unknown",
      }),
    );
    expect(loaded.review.map((row) => row.id)).toContain(report!.id);

    const lift = await callSection("/admin/entregabilidade", {
      cookie,
      fields: { intent: "liberar", id: suppression!.id },
    });
    expect(lift).toMatchObject({ status: 200, body: { notice: deliverabilityAdminCopy.lifted } });
    const [lifted] = await db
      .select()
      .from(suppressions)
      .where(eq(suppressions.id, suppression!.id));
    expect(lifted?.liftedBy).toBe(ADMIN.email);
    expect(
      (
        await callSection("/admin/entregabilidade", {
          cookie,
          fields: { intent: "liberar", id: suppression!.id },
        })
      ).status,
    ).toBe(409);

    const reviewed = await callSection("/admin/entregabilidade", {
      cookie,
      fields: { intent: "revisado", id: report!.id },
    });
    expect(reviewed.status).toBe(200);
    const [after] = await db
      .select()
      .from(deliveryReports)
      .where(eq(deliveryReports.id, report!.id));
    expect(after).toMatchObject({ reviewedBy: ADMIN.email, raw: null });

    for (const fields of [
      { intent: "liberar", id: "x" },
      { intent: "outro", id: report!.id },
    ]) {
      expect((await callSection("/admin/entregabilidade", { cookie, fields })).status).toBe(400);
    }
  });
});

describe("/admin/assinantes", () => {
  it("counts, searches, exports and erases subscribers", async () => {
    const db = await getDb();
    const now = new Date();
    await db
      .insert(newsletterSubscribers)
      .values([
        { email: "ana.leitora@exemplo.com.br", confirmedAt: now },
        { email: "bruno.leitor@exemplo.com.br" },
        { email: "carla.saiu@exemplo.com.br", confirmedAt: now, unsubscribedAt: now },
        { email: "=cmd@exemplo.com.br", confirmedAt: now },
      ]);
    await db
      .insert(waitlist)
      .values({ name: "Carla", email: "carla.saiu@exemplo.com.br", termsAcceptedAt: now });

    const all = (await callSection("/admin/assinantes", { cookie })).body as {
      page: SubscribersPage;
    };
    expect(all.page.counts).toEqual({ active: 2, pending: 1, unsubscribed: 1 });

    const search = (
      await callSection("/admin/assinantes", { cookie, path: "/admin/assinantes?q=LEITOR" })
    ).body as { page: SubscribersPage };
    expect(search.page.subscribers.map((row) => row.email).sort()).toEqual([
      "ana.leitora@exemplo.com.br",
      "bruno.leitor@exemplo.com.br",
    ]);
    // A LIKE wildcard typed is searched for as text.
    const wildcard = (
      await callSection("/admin/assinantes", { cookie, path: "/admin/assinantes?q=%25" })
    ).body as { page: SubscribersPage };
    expect(wildcard.page.total).toBe(0);
    expect(
      (await callSection("/admin/assinantes", { cookie, path: "/admin/assinantes?situacao=x" }))
        .status,
    ).toBe(400);

    const csv = await callSection("/admin/assinantes.csv", {
      cookie,
      path: "/admin/assinantes.csv?situacao=confirmados",
    });
    const text = await csv.response!.text();
    const lines = text
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(subscribersAdminCopy.csvColumns.join(","));
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual([
      // A cell a spreadsheet would run as a formula is written as text.
      "'=cmd@exemplo.com.br",
      "ana.leitora@exemplo.com.br",
    ]);

    const bruno = all.page.subscribers.find((row) => row.email.startsWith("bruno"))!;
    const carla = all.page.subscribers.find((row) => row.email.startsWith("carla"))!;
    for (const row of [bruno, carla]) {
      expect(
        await callSection("/admin/assinantes", { cookie, fields: { id: row.id } }),
      ).toMatchObject({ status: 200, body: { notice: subscribersAdminCopy.erased } });
    }
    expect(
      (await callSection("/admin/assinantes", { cookie, fields: { id: bruno.id } })).status,
    ).toBe(404);
    expect(await db.$count(newsletterSubscribers)).toBe(2);
    // Bruno's address is never written to again; Carla's waitlist entry keeps hers usable.
    expect(await db.$count(erasedEmails)).toBe(1);
    expect(await db.$count(waitlist, eq(waitlist.email, "carla.saiu@exemplo.com.br"))).toBe(1);
  });
});

describe("publishing a post with “Enviar aos assinantes”", () => {
  it("starts one announcement to confirmed subscribers, with the title, excerpt and link", async () => {
    const db = await getDb();
    await db
      .insert(newsletterSubscribers)
      .values([
        { email: "anuncio.confirmada@exemplo.com.br", confirmedAt: new Date() },
        { email: "anuncio.pendente@exemplo.com.br" },
      ]);
    const fields = {
      intent: "create-post",
      title: "Stop móvel na prática",
      slug: "stop-movel-na-pratica",
      excerpt: "Como o stop acompanha o preço.",
      content: "## Conteúdo\n\nTexto longo do post que não vai no e-mail.",
      featuredImageUrl: "",
      category: "Educação",
      author: "Equipe Agentes FX",
    };
    // Off by default: publishing alone sends nothing.
    const plain = await callSection("/admin/blog", {
      cookie,
      fields: { ...fields, slug: "sem-anuncio", isPublished: "on" },
    });
    expect(plain.status).toBe(200);
    expect(await db.$count(campaigns)).toBe(0);

    const published = await callSection("/admin/blog", {
      cookie,
      fields: { ...fields, isPublished: "on", notifySubscribers: "on" },
    });
    expect(published.status).toBe(200);
    const [campaign] = await db.select().from(campaigns);
    expect(campaign).toMatchObject({
      kind: "post",
      status: "sending",
      subject: "Stop móvel na prática",
      previewText: "Como o stop acompanha o preço.",
      audience: "newsletter",
    });
    expect(campaign?.body).toContain("https://agentesfx.com.br/blog/stop-movel-na-pratica");
    expect(campaign?.body).not.toContain("Texto longo");
    const recipients = await db
      .select({ email: campaignMessages.email })
      .from(campaignMessages)
      .where(eq(campaignMessages.campaignId, campaign!.id));
    expect(recipients.map((row) => row.email)).toContain("anuncio.confirmada@exemplo.com.br");
    expect(recipients.map((row) => row.email)).not.toContain("anuncio.pendente@exemplo.com.br");

    // Saving the post again with the box ticked announces nothing more.
    const [post] = await db.select().from(blogPosts).where(eq(blogPosts.slug, fields.slug));
    await callSection("/admin/blog", {
      cookie,
      fields: {
        ...fields,
        intent: "update-post",
        id: post!.id,
        isPublished: "on",
        notifySubscribers: "on",
      },
    });
    expect(await db.$count(campaigns)).toBe(1);
  });
});
