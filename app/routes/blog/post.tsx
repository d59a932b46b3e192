import { data, Link } from "react-router";
import type { Route } from "./+types/post";
import { PostMeta } from "../../components/site/post-meta.tsx";
import { RiskWarning } from "../../components/site/risk-warning.tsx";
import { ArrowLeft } from "../../components/ui/icons/arrow-left.tsx";
import { blogCopy } from "../../content/blog.ts";
import { toPostCard } from "../../features/posts/post-view.ts";
import { getPublishedPostBySlug } from "../../features/posts/queries.server.ts";
import { seoMeta, siteUrlFromMatches } from "../../lib/seo.ts";
import { htmlOnlyPage } from "../../lib/page-scripts.ts";

// Drafts and unknown slugs are the 404 page (DESIGN.md decision 8).

export const handle = htmlOnlyPage;

export async function loader({ params }: Route.LoaderArgs) {
  const post = await getPublishedPostBySlug(params.slug);
  if (!post) throw data(null, { status: 404 });
  // Rendered when the post was saved (decision 058): visitors never make the server parse Markdown.
  return { post: toPostCard(post), html: post.contentHtml ?? "" };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { post } = loaderData;
  return seoMeta({
    siteUrl: siteUrlFromMatches(matches),
    path: `/blog/${post.slug}`,
    title: post.title,
    description: post.excerpt || blogCopy.meta.description,
    type: "article",
    image: post.imageUrl,
  });
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, html } = loaderData;
  return (
    <main id="conteudo" className="mx-auto max-w-3xl px-4 py-12">
      <Link
        to="/blog"
        className="inline-flex items-center gap-2 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {blogCopy.post.backLink}
      </Link>
      <article className="mt-6">
        <header>
          <PostMeta post={post} />
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {post.title}
          </h1>
          {post.excerpt ? (
            <p className="mt-4 text-lg text-muted-foreground">{post.excerpt}</p>
          ) : null}
        </header>
        {post.imageUrl ? (
          <img
            src={post.imageUrl}
            alt=""
            width={1200}
            height={675}
            className="mt-8 aspect-video w-full rounded-2xl object-cover"
          />
        ) : null}
        <div className="prose-post mt-8" dangerouslySetInnerHTML={{ __html: html }} />
      </article>
      <RiskWarning className="mt-12" />
    </main>
  );
}
