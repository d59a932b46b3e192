import { href } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { postsAdminCopy as copy } from "../../content/admin.ts";
import { formatDate } from "../../lib/format.ts";
import { CardList } from "../admin/card-list.tsx";
import { PostDialog } from "./post-dialog.tsx";
import type { AdminPost } from "./queries.server.ts";

function PostCard({ post }: { post: AdminPost }) {
  return (
    <article className="flex flex-col gap-3 rounded-lg border border-border bg-card p-5 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-lg font-semibold">{post.title}</h3>
          <Badge tone={post.isPublished ? "green" : "grey"}>
            {post.isPublished ? copy.published : copy.draft}
          </Badge>
        </div>
        {post.excerpt ? <p className="mt-1 text-sm text-muted-foreground">{post.excerpt}</p> : null}
        <p className="mt-2 text-xs text-muted-foreground">
          {copy.createdAt} {formatDate(post.createdAt)}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {post.isPublished ? (
          <a
            href={href("/blog/:slug", { slug: post.slug })}
            aria-label={copy.viewOnSiteLabel(post.title)}
            className={buttonClasses({ variant: "outline", size: "sm" })}
          >
            {copy.viewOnSite}
          </a>
        ) : (
          <a
            href={href("/admin/blog/:id/previa", { id: post.id })}
            aria-label={copy.previewLabelFor(post.title)}
            className={buttonClasses({ variant: "outline", size: "sm" })}
          >
            {copy.preview}
          </a>
        )}
        <PostDialog mode={{ kind: "edit", post }} />
      </div>
    </article>
  );
}

export function PostsPanel({ posts }: { posts: AdminPost[] }) {
  return (
    <section aria-labelledby="posts-titulo">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="posts-titulo" className="text-2xl font-bold">
          {copy.title(posts.length)}
        </h2>
        <PostDialog mode={{ kind: "create" }} />
      </div>
      <CardList items={posts} empty={copy.empty}>
        {(post) => <PostCard post={post} />}
      </CardList>
    </section>
  );
}
