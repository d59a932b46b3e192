import { eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "../../../db/schema.ts";
import { callSection, signIn } from "../../../tests/support/admin-requests.ts";
import { createOrResetAdmin } from "../../lib/auth.server.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { loader as postLoader } from "../../routes/blog/post.tsx";

// Post HTML is rendered when the post is saved (docs/decisions/058-markdown-at-save.md), or at
// its first read when it was stored without it (the seed, docs/decisions/124).
const ADMIN = { email: "html@agentesfx.test", password: "uma-senha-bem-longa-1" };
let cookie: string;

const post = (overrides: Record<string, string>) => ({
  intent: "create-post",
  title: "Post com HTML",
  slug: "post-com-html",
  excerpt: "Resumo.",
  content: "## Título\n\nTexto com **negrito**.",
  featuredImageUrl: "",
  category: "Educação",
  author: "Equipe Agentes FX",
  isPublished: "on",
  ...overrides,
});

async function row(slug: string) {
  const [found] = await (await getDb()).select().from(blogPosts).where(eq(blogPosts.slug, slug));
  return found;
}

beforeAll(async () => {
  await createOrResetAdmin(await getDb(), ADMIN);
  cookie = await signIn(ADMIN.email, ADMIN.password);
});

describe("post HTML at save", () => {
  it("stores the sanitized HTML and serves it without parsing Markdown", async () => {
    const saved = await callSection("/admin/blog", {
      fields: post({ content: "## Título\n\nTexto com **negrito**.<script>alert(1)</script>" }),
      cookie,
    });
    expect(saved.status).toBe(200);
    const stored = await row("post-com-html");
    expect(stored?.contentHtml).toContain("<strong>negrito</strong>");
    expect(stored?.contentHtml).not.toContain("<script");

    // The page shows the stored HTML, whatever the Markdown column says now.
    await (
      await getDb()
    )
      .update(blogPosts)
      .set({ content: "**não renderizado**" })
      .where(eq(blogPosts.slug, "post-com-html"));
    const page = (await postLoader({
      params: { slug: "post-com-html" },
    } as unknown as Parameters<typeof postLoader>[0])) as { html: string };
    expect(page.html).toBe(stored?.contentHtml);
  });

  it("refuses, in Portuguese, content that renders too slowly", async () => {
    const refused = await callSection("/admin/blog", {
      fields: post({ slug: "post-lento", content: "a_*".repeat(6_666) }),
      cookie,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^O conteúdo é complexo demais/),
    });
    expect(await row("post-lento")).toBeUndefined();
  });

  it("renders a post stored without HTML (the seed's) at its first read, and stores it", async () => {
    const db = await getDb();
    const seeded = await db.select().from(blogPosts).where(isNull(blogPosts.contentHtml));
    expect(seeded.length).toBeGreaterThan(0);
    for (const { slug } of seeded) {
      const page = (await postLoader({ params: { slug } } as unknown as Parameters<
        typeof postLoader
      >[0])) as { html: string };
      expect(page.html).toMatch(/^<(p|h\d)>/);
      expect((await row(slug))?.contentHtml).toBe(page.html);
    }
  });
});
