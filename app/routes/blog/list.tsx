import { href, Link } from "react-router";
import type { Route } from "./+types/list";
import { NewsletterBox } from "../../components/site/newsletter-box.tsx";
import { PageHero } from "../../components/site/page-hero.tsx";
import { PostMeta } from "../../features/posts/post-meta.tsx";
import { blogCategories, blogCopy, categoryFromSlug } from "../../content/blog.ts";
import { toPostCard } from "../../features/posts/post-view.ts";
import { listPublishedPosts } from "../../features/posts/queries.server.ts";
import { cn } from "../../lib/cn.ts";
import { blogFeedPath } from "../../lib/public-routes.ts";
import { pageTitle, seoMeta, siteUrlFromMatches } from "../../lib/seo.ts";
import { type PageHandle, publicPage } from "../../lib/page-scripts.ts";

// An unknown ?categoria= shows every post, with "Todos" selected
// (docs/decisions/013-blog-categories-and-newsletter.md).

export const handle: PageHandle = {
  ...publicPage,
  query: { categoria: blogCategories.map((category) => category.slug) },
};

export async function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).searchParams.get("categoria");
  const category = categoryFromSlug(slug);
  const posts = await listPublishedPosts(category);
  return {
    selected: category ? slug : null,
    posts: posts.map(toPostCard),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const selected = loaderData?.selected;
  const siteUrl = siteUrlFromMatches(matches);
  return [
    ...seoMeta({
      siteUrl,
      path: selected ? `${href("/blog")}?categoria=${selected}` : href("/blog"),
      ...blogCopy.meta,
      card: "blog",
    }),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: pageTitle(blogCopy.meta.title),
      href: `${siteUrl}${blogFeedPath}`,
    },
  ];
}

const chips = [{ slug: null, label: blogCopy.allChip }, ...blogCategories];

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts, selected } = loaderData;
  return (
    <main id="conteudo">
      <PageHero title={blogCopy.title} intro={blogCopy.intro} />

      <div className="mx-auto max-w-6xl px-4 py-12">
        <nav aria-label={blogCopy.filterLabel}>
          <ul className="flex flex-wrap gap-2">
            {chips.map((chip) => {
              const current = chip.slug === selected;
              return (
                <li key={chip.label}>
                  <Link
                    to={chip.slug ? `${href("/blog")}?categoria=${chip.slug}` : href("/blog")}
                    aria-current={current ? "page" : undefined}
                    className={cn(
                      "inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium transition-colors",
                      current
                        ? "border-primary bg-primary text-primary-foreground"
                        : "border-border bg-card text-muted-foreground hover:border-primary/60 hover:text-foreground",
                    )}
                  >
                    {chip.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        {posts.length === 0 ? (
          <p className="mt-10 rounded-2xl border border-border bg-card p-8 text-center text-muted-foreground">
            {blogCopy.empty}
          </p>
        ) : (
          <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {posts.map((post) => (
              <li key={post.slug}>
                <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-card transition-colors hover:border-primary/50">
                  {post.imageUrl ? (
                    <img
                      src={post.imageUrl}
                      alt=""
                      width={640}
                      height={360}
                      loading="lazy"
                      decoding="async"
                      className="aspect-video w-full object-cover"
                    />
                  ) : null}
                  <div className="flex flex-1 flex-col p-6">
                    <PostMeta post={post} compact />
                    <h2 className="mt-3 text-xl font-bold">
                      <Link
                        to={href("/blog/:slug", { slug: post.slug })}
                        className="hover:text-primary"
                      >
                        {post.title}
                      </Link>
                    </h2>
                    <p className="mt-2 flex-1 text-sm text-muted-foreground">{post.excerpt}</p>
                    <p className="mt-4 text-sm text-muted-foreground">
                      {blogCopy.byAuthor(post.author)} ·{" "}
                      <time dateTime={post.isoDate}>{post.date}</time>
                    </p>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}

        <NewsletterBox />
      </div>
    </main>
  );
}
