import { href } from "react-router";
import { waitlistCta } from "../../content/common.ts";
import { ButtonLink } from "../ui/button.tsx";
import { ArrowRight } from "../ui/icons/arrow-right.tsx";

/** The closing call to action of a page: a title, a line and the waitlist button. */
export function CtaBand({
  title,
  text,
  to = href("/contato"),
  button = waitlistCta.button,
}: {
  title: string;
  text: string;
  to?: string;
  button?: string;
}) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-14">
      <div className="rounded-2xl border border-primary/30 bg-linear-to-br from-primary/15 via-card to-card p-8 text-center sm:p-12">
        <h2 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{title}</h2>
        <p className="mx-auto mt-3 max-w-2xl text-muted-foreground">{text}</p>
        <ButtonLink to={to} size="lg" className="mt-6">
          {button}
          <ArrowRight aria-hidden="true" className="size-5" />
        </ButtonLink>
      </div>
    </section>
  );
}
