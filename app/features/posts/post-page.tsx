import { href, Link } from "react-router";
import { CtaBand } from "../../components/site/cta-band.tsx";
import { PostMeta } from "./post-meta.tsx";
import { RiskWarning } from "../../components/site/risk-warning.tsx";
import { ArrowLeft } from "../../components/ui/icons/arrow-left.tsx";
import { blogCopy } from "../../content/blog.ts";
import type { PostCard } from "./post-view.ts";

/**
 * A post's public page, /blog/:slug; the admin's preview of a draft renders the same
 * component (docs/decisions/078), so a draft looks exactly as it will once published.
 */
export function PostPage({
  post,
  html,
  related,
  notice,
}: {
  post: PostCard;
  html: string;
  /** Up to three other posts, shown after the call to action. */
  related: PostCard[];
  /** A line above the page (the preview says it is one). */
  notice?: React.ReactNode;
}) {
  return (
    <main id="conteudo" className="mx-auto max-w-3xl px-4 py-12">
      {notice}
      <Link
        to={href("/blog")}
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
      <div className="-mx-4">
        <CtaBand title={blogCopy.post.cta.title} text={blogCopy.post.cta.text} />
      </div>
      {related.length > 0 ? (
        <section aria-labelledby="leia-tambem">
          <h2 id="leia-tambem" className="text-2xl font-bold">
            {blogCopy.post.relatedTitle}
          </h2>
          <ul className="mt-6 grid gap-4">
            {related.map((other) => (
              <li key={other.slug} className="rounded-xl border border-border bg-card p-5">
                <PostMeta post={other} compact />
                <h3 className="mt-2 text-lg font-semibold">
                  <Link
                    to={href("/blog/:slug", { slug: other.slug })}
                    className="hover:text-primary"
                  >
                    {other.title}
                  </Link>
                </h3>
                {other.excerpt ? (
                  <p className="mt-2 text-sm text-muted-foreground">{other.excerpt}</p>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <RiskWarning className="mt-12" />
    </main>
  );
}
