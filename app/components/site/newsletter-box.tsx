import { href } from "react-router";
import { blogCopy } from "../../content/blog.ts";
import { Honeypot } from "../ui/honeypot.tsx";
import { Mail } from "../ui/icons/mail.tsx";

// The blog's newsletter form: a plain POST to /newsletter (the blog ships no JavaScript,
// docs/decisions/060), double opt-in by e-mail (docs/decisions/104). The honeypot and the
// per-client limit are those of /contato. /newsletter shows the same box with the answer.
export function NewsletterBox({
  message,
  headingLevel: Heading = "h2",
}: {
  message?: string;
  headingLevel?: "h1" | "h2";
}) {
  const copy = blogCopy.newsletter;
  return (
    <section
      aria-labelledby="newsletter"
      className="mt-14 rounded-2xl border border-border bg-linear-to-br from-primary/10 via-card to-card p-6 sm:p-10"
    >
      <div className="flex items-center gap-3">
        <Mail aria-hidden="true" className="size-7 text-primary" />
        <Heading id="newsletter" className="text-2xl font-bold">
          {copy.title}
        </Heading>
      </div>
      <p className="mt-3 text-muted-foreground">{copy.text}</p>
      {message ? (
        <p role="status" className="mt-4 rounded-md border border-border bg-background p-3">
          {message}
        </p>
      ) : null}
      <form
        method="post"
        action={href("/newsletter")}
        noValidate
        className="relative mt-6 flex flex-col gap-3 sm:flex-row"
        aria-describedby="newsletter-nota"
      >
        <label htmlFor="newsletter-email" className="sr-only">
          {copy.label}
        </label>
        <input
          id="newsletter-email"
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder={copy.placeholder}
          className="h-11 w-full rounded-md border border-border bg-background px-3 sm:max-w-sm"
        />
        <Honeypot id="newsletter-website" />
        <button
          type="submit"
          className="h-11 rounded-md bg-primary px-5 font-semibold text-primary-foreground"
        >
          {copy.button}
        </button>
      </form>
      <p id="newsletter-nota" className="mt-3 text-sm text-muted-foreground">
        {copy.note}
      </p>
    </section>
  );
}
