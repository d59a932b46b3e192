// "Enviar aos assinantes" in the post dialog: a published post goes to the newsletter's
// confirmed subscribers as a campaign of its own (title, excerpt and a link, not the whole
// post), once per post (docs/decisions/163).
import { and, eq, sql } from "drizzle-orm";
import { blogPosts } from "../../../db/schema.ts";
import { campaignEmailCopy as copy } from "../../content/campaigns.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { rowsOf } from "../../platform/db/rows.ts";
import { getSiteConfig } from "../../lib/site-config.server.ts";
import { startCampaign } from "./queue.server.ts";

/** Escapes the characters Markdown would read as formatting in a line of plain text. */
const literal = (text: string) => text.replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, "\\$&");

/** Starts the announcement of a published post; null when already announced or unpublished. */
export async function announcePost(postId: string, staffEmail: string): Promise<number | null> {
  const db = await getDb();
  const [post] = await db
    .select({ title: blogPosts.title, slug: blogPosts.slug, excerpt: blogPosts.excerpt })
    .from(blogPosts)
    .where(and(eq(blogPosts.id, postId), eq(blogPosts.isPublished, true)));
  if (!post) return null;
  const url = `${getSiteConfig().siteUrl}/blog/${post.slug}`;
  const body = [
    copy.postIntro,
    `## ${literal(post.title)}`,
    post.excerpt ? literal(post.excerpt) : "",
    `[${copy.postButton}](${url})`,
  ]
    .filter(Boolean)
    .join("\n\n");
  // One announcement per post (a unique index), even when the dialog is saved twice at once.
  const [created] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into campaigns (kind, post_id, subject, preview_text, body, audience, created_by)
      values ('post', ${postId}, ${post.title}, ${post.excerpt ?? ""}, ${body}, 'newsletter',
        ${staffEmail})
      on conflict (post_id) where kind = 'post' do nothing
      returning id`),
  );
  if (!created) return null;
  return startCampaign(db, created.id, "draft");
}
