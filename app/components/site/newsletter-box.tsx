import { blogCopy } from "../../content/blog.ts";
import { Mail } from "../ui/icons/mail.tsx";

// SPEC.md: the newsletter does nothing. It is shown disabled with an "Em breve" note, so it
// never pretends to subscribe anyone (docs/decisions/013-blog-categories-and-newsletter.md).
export function NewsletterBox() {
  const copy = blogCopy.newsletter;
  return (
    <section
      aria-labelledby="newsletter"
      className="mt-14 rounded-2xl border border-border bg-linear-to-br from-primary/10 via-card to-card p-6 sm:p-10"
    >
      <div className="flex items-center gap-3">
        <Mail aria-hidden="true" className="size-7 text-primary" />
        <h2 id="newsletter" className="text-2xl font-bold">
          {copy.title}
        </h2>
      </div>
      <p className="mt-3 text-muted-foreground">{copy.text}</p>
      <form className="mt-6 flex flex-col gap-3 sm:flex-row" aria-describedby="newsletter-em-breve">
        <label htmlFor="newsletter-email" className="sr-only">
          {copy.label}
        </label>
        <input
          id="newsletter-email"
          type="email"
          name="email"
          placeholder={copy.placeholder}
          disabled
          className="h-11 w-full rounded-md border border-border bg-background px-3 disabled:cursor-not-allowed sm:max-w-sm"
        />
        <button
          type="submit"
          disabled
          className="h-11 rounded-md bg-primary px-5 font-semibold text-primary-foreground disabled:cursor-not-allowed disabled:opacity-60"
        >
          {copy.button}
        </button>
      </form>
      <p id="newsletter-em-breve" className="mt-3 text-sm font-medium text-accent">
        {copy.soon}
      </p>
    </section>
  );
}
