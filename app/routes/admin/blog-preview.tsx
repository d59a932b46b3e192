import { data, href, Link } from "react-router";
import { postsAdminCopy as copy } from "../../content/admin.ts";
import { PostPage } from "../../features/posts/post-page.tsx";
import { toPostCard } from "../../features/posts/post-view.ts";
import { getPostForPreview, listRelatedPosts } from "../../features/posts/queries.server.ts";
import type { Route } from "./+types/blog-preview";

// /admin/blog/:id/previa: a post, draft or not, rendered by the public page's component with
// the HTML stored at its last save (docs/decisions/078). Guarded by routes/admin/guard.tsx.

export async function loader({ params }: Route.LoaderArgs) {
  const post = await getPostForPreview(params.id);
  if (!post) throw data(null, { status: 404 });
  const related = await listRelatedPosts(post);
  return {
    post: toPostCard(post),
    html: post.contentHtml ?? "",
    related: related.map(toPostCard),
    isPublished: post.isPublished,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? copy.previewTitle(loaderData.post.title) : copy.previewLabel },
    { name: "robots", content: "noindex" },
  ];
}

export default function BlogPreview({ loaderData }: Route.ComponentProps) {
  const { post, html, related, isPublished } = loaderData;
  return (
    <PostPage
      post={post}
      html={html}
      related={related}
      notice={
        <p role="note" className="mb-6 rounded-md border border-yellow-500/40 p-3 text-sm">
          {isPublished ? copy.previewPublished : copy.previewDraft}{" "}
          <Link to={href("/admin/blog")} className="underline underline-offset-4">
            {copy.previewBack}
          </Link>
        </p>
      }
    />
  );
}
