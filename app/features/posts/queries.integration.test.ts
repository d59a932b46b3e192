import { describe, expect, it } from "vitest";
import { blogPosts } from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { toPostCard } from "./post-view.ts";
import {
  getPublishedPostBySlug,
  listPublishedPosts,
  listPublishedPostSlugs,
  listRelatedPosts,
} from "./queries.server.ts";

const seeded = ["por-que-uma-vps-gerenciada", "hedge-e-preco-medio", "o-que-e-um-robo-de-trading"];

describe("post queries", () => {
  it("lists the seeded published posts newest first by published_at", async () => {
    const posts = await listPublishedPosts();
    expect(posts.map((post) => post.slug)).toEqual(seeded);
  });

  it("filters by category", async () => {
    expect((await listPublishedPosts("Estratégia")).map((p) => p.slug)).toEqual([
      "hedge-e-preco-medio",
    ]);
    expect(await listPublishedPosts("Mercado")).toEqual([]);
    expect(await listPublishedPosts(null)).toHaveLength(3);
  });

  it("never returns drafts, and orders a newer post first", async () => {
    const db = await getDb();
    await db.insert(blogPosts).values([
      {
        title: "Rascunho",
        slug: "rascunho-secreto",
        content: "não publicado",
        category: "Mercado",
        isPublished: false,
      },
      {
        title: "Novo",
        slug: "post-novo",
        content: "publicado agora",
        category: "Mercado",
        isPublished: true,
        publishedAt: new Date("2030-01-01T12:00:00Z"),
      },
    ]);
    expect((await listPublishedPosts()).map((p) => p.slug)).toEqual(["post-novo", ...seeded]);
    expect((await listPublishedPosts("Mercado")).map((p) => p.slug)).toEqual(["post-novo"]);
    expect(await getPublishedPostBySlug("rascunho-secreto")).toBeUndefined();
    expect((await listPublishedPostSlugs()).map((p) => p.slug)).not.toContain("rascunho-secreto");
  });

  it("finds a published post by slug with what its page shows", async () => {
    const post = await getPublishedPostBySlug("hedge-e-preco-medio");
    expect(post).toBeDefined();
    expect(toPostCard(post!)).toMatchObject({
      title: "Hedge e preço médio: vantagens e riscos da estratégia",
      category: "Estratégia",
      author: "Equipe Agentes FX",
      date: "28/10/2026",
      readTimeMinutes: 1,
      imageUrl: null,
    });
    expect(await getPublishedPostBySlug("nao-existe")).toBeUndefined();
  });

  it("relates up to three other published posts, the same category first", async () => {
    const db = await getDb();
    await db.insert(blogPosts).values([
      {
        title: "Mesma",
        slug: "mesma-categoria",
        content: "x",
        category: "Educação",
        isPublished: true,
        publishedAt: new Date("2020-01-01T00:00:00Z"),
      },
      {
        title: "Rascunho",
        slug: "rascunho-educacao",
        content: "x",
        category: "Educação",
        isPublished: false,
      },
    ]);
    const post = await getPublishedPostBySlug("o-que-e-um-robo-de-trading");
    const related = await listRelatedPosts(post!);
    // The older post of the same category comes before the newer ones of other categories;
    // never the post itself or a draft.
    const slugs = related.map((p) => p.slug);
    expect(slugs).toHaveLength(3);
    expect(slugs[0]).toBe("mesma-categoria");
    expect(slugs).not.toContain("o-que-e-um-robo-de-trading");
    expect(slugs).not.toContain("rascunho-educacao");
    expect(await listRelatedPosts(post!, 1)).toHaveLength(1);
  });
});
