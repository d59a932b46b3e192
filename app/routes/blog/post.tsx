import { data, href } from "react-router";
import type { Route } from "./+types/post";
import { blogCopy } from "../../content/blog.ts";
import { PostPage } from "../../features/posts/post-page.tsx";
import { toPostCard } from "../../features/posts/post-view.ts";
import { getPublishedPostBySlug, listRelatedPosts } from "../../features/posts/queries.server.ts";
import { shareCards } from "../../content/share-cards.ts";
import { articleMeta } from "../../lib/article-meta.ts";
import { seoMeta, siteUrlFromMatches } from "../../lib/seo.ts";
import { publicPage } from "../../lib/page-scripts.ts";

// Drafts and unknown slugs are the 404 page (docs/product.md rule 8).

export const handle = publicPage;

export async function loader({ params }: Route.LoaderArgs) {
  const post = await getPublishedPostBySlug(params.slug);
  if (!post) throw data(null, { status: 404 });
  // Rendered when the post was saved (decision 058): visitors never make the server parse Markdown.
  const related = await listRelatedPosts(post);
  return {
    post: toPostCard(post),
    html: post.contentHtml ?? "",
    related: related.map(toPostCard),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { post } = loaderData;
  const siteUrl = siteUrlFromMatches(matches);
  const page = {
    siteUrl,
    path: href("/blog/:slug", { slug: post.slug }),
    title: post.title,
    description: post.excerpt || blogCopy.meta.description,
  };
  return [
    ...seoMeta({ ...page, card: "blog", type: "article", image: post.imageUrl }),
    ...articleMeta({
      ...page,
      author: post.author,
      section: post.category,
      publishedAt: post.isoDate,
      image: post.imageUrl ?? `${siteUrl}${shareCards.blog.image}`,
    }),
  ];
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  return <PostPage {...loaderData} />;
}
