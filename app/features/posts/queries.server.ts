import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { blogPosts } from "../../../db/schema.ts";
import type { PostCategory } from "./model.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { isUniqueViolation } from "../../platform/db/db-errors.server.ts";
import { isValidSlug } from "../../lib/slug.ts";
import type { PostInput } from "./schema.ts";

// Public reads: drafts never leave the database through these (docs/product.md rule 8).
const newestFirst = [
  sql`${blogPosts.publishedAt} desc nulls last`,
  sql`${blogPosts.createdAt} desc`,
] as const;

/** Published posts, newest first by published_at, optionally of one category. */
export async function listPublishedPosts(category?: PostCategory | null) {
  const db = await getDb();
  return db
    .select()
    .from(blogPosts)
    .where(
      and(eq(blogPosts.isPublished, true), category ? eq(blogPosts.category, category) : undefined),
    )
    .orderBy(...newestFirst);
}

/**
 * The published post with this slug, or undefined (drafts included in "undefined"). A URL
 * segment that is no slug (`/blog/%00`) is never sent to the database.
 */
export async function getPublishedPostBySlug(slug: string) {
  if (!isValidSlug(slug)) return undefined;
  const db = await getDb();
  const [post] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.isPublished, true)))
    .limit(1);
  return withHtml(post);
}

/**
 * The post with its HTML. A post stored without it (the seed's, or one saved before
 * migration 0001) is rendered here once and stored: the seed is data only and imports no
 * feature code (docs/decisions/124). Every other post's HTML is rendered when it is saved
 * (docs/decisions/058).
 */
async function withHtml<P extends { id: string; content: string; contentHtml: string | null }>(
  post: P | undefined,
): Promise<P | undefined> {
  if (!post || post.contentHtml !== null) return post;
  // The Markdown renderer loads only when a post needs its HTML (docs/decisions/111).
  const { backfillPostHtml } = await import("./markdown.server.ts");
  const contentHtml = await backfillPostHtml(post.content);
  const db = await getDb();
  await db
    .update(blogPosts)
    .set({ contentHtml })
    .where(and(eq(blogPosts.id, post.id), isNull(blogPosts.contentHtml)));
  return { ...post, contentHtml };
}

/**
 * Up to `limit` other published posts to read after this one: the same category first,
 * then the newest.
 */
export async function listRelatedPosts(post: { id: string; category: PostCategory }, limit = 3) {
  const db = await getDb();
  return db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.isPublished, true), ne(blogPosts.id, post.id)))
    .orderBy(sql`${blogPosts.category} = ${post.category} desc`, ...newestFirst)
    .limit(limit);
}

/** Slugs and dates of published posts, for the sitemap. */
export async function listPublishedPostSlugs() {
  const db = await getDb();
  return db
    .select({
      slug: blogPosts.slug,
      publishedAt: blogPosts.publishedAt,
      createdAt: blogPosts.createdAt,
    })
    .from(blogPosts)
    .where(eq(blogPosts.isPublished, true))
    .orderBy(...newestFirst);
}

// Admin side: every post (drafts too), create and edit, no delete.

export interface AdminPost {
  id: string;
  title: string;
  slug: string;
  content: string;
  excerpt: string | null;
  featuredImageUrl: string | null;
  category: PostCategory;
  author: string;
  isPublished: boolean;
  publishedAt: Date | null;
  createdAt: Date;
}

export type PostWriteResult =
  { ok: true; id: string } | { ok: false; reason: "not-found" | "duplicate-slug" };

/** Every post, drafts included, newest first (docs/product.md section 7). */
export async function listPostsForAdmin(): Promise<AdminPost[]> {
  const db = await getDb();
  return db.select().from(blogPosts).orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
}

/** Any post by id, drafts included (the admin's preview); undefined for an unknown id. */
export async function getPostForPreview(id: string) {
  if (!UUID.test(id)) return undefined;
  const db = await getDb();
  const [post] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  return withHtml(post);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a save writes: the form's fields and the content's HTML rendered from them. */
export type PostWrite = Omit<PostInput, "notifySubscribers"> & { contentHtml: string };

function postValues(input: PostWrite) {
  return {
    title: input.title,
    slug: input.slug,
    content: input.content,
    contentHtml: input.contentHtml,
    excerpt: input.excerpt,
    featuredImageUrl: input.featuredImageUrl,
    category: input.category,
    author: input.author,
    isPublished: input.isPublished,
  };
}

/** A new post; published_at is now when it is published at once (docs/product.md rule 9). */
export async function createPost(input: PostWrite): Promise<PostWriteResult> {
  const db = await getDb();
  try {
    const [row] = await db
      .insert(blogPosts)
      .values({ ...postValues(input), publishedAt: input.isPublished ? sql`now()` : null })
      .returning({ id: blogPosts.id });
    if (!row) throw new Error("insert returned no row");
    return { ok: true, id: row.id };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate-slug" };
    throw error;
  }
}

/**
 * Saves a post. published_at (docs/product.md rule 9) is set to now when the post becomes
 * published, kept while it stays published and cleared when it goes back to draft; the
 * database decides from the row's current state, in the same statement.
 */
export async function updatePost(id: string, input: PostWrite): Promise<PostWriteResult> {
  const db = await getDb();
  const publishedAt = input.isPublished
    ? sql`case when ${blogPosts.isPublished} and ${blogPosts.publishedAt} is not null
        then ${blogPosts.publishedAt} else now() end`
    : null;
  try {
    const rows = await db
      .update(blogPosts)
      .set({ ...postValues(input), publishedAt })
      .where(eq(blogPosts.id, id))
      .returning({ id: blogPosts.id });
    if (!rows[0]) return { ok: false, reason: "not-found" };
    return { ok: true, id: rows[0].id };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate-slug" };
    throw error;
  }
}
