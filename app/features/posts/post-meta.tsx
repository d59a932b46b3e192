import { blogCopy } from "../../content/blog.ts";
import type { PostCard } from "./post-view.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Clock } from "../../components/ui/icons/clock.tsx";

/** A post's category and read time (and, unless compact, author and date). */
export function PostMeta({ post, compact = false }: { post: PostCard; compact?: boolean }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
      <Badge tone="blue">{post.category}</Badge>
      <span className="inline-flex items-center gap-1">
        <Clock aria-hidden="true" className="size-4" />
        {blogCopy.readTime(post.readTimeMinutes)}
      </span>
      {compact ? null : (
        <>
          <span>{blogCopy.byAuthor(post.author)}</span>
          <time dateTime={post.isoDate}>{post.date}</time>
        </>
      )}
    </p>
  );
}
