import { cn } from "../../lib/cn.ts";

/** The top of a page: its only h1, an intro and optional actions. */
export function PageHero({
  title,
  intro,
  eyebrow,
  children,
  className,
}: {
  title: string;
  intro?: React.ReactNode;
  eyebrow?: React.ReactNode;
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <section className="relative overflow-hidden border-b border-border bg-linear-to-b from-card to-background">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 left-1/2 h-64 w-[36rem] max-w-full -translate-x-1/2 rounded-full bg-primary/10 blur-3xl"
      />
      <div className={cn("relative mx-auto max-w-6xl px-4 py-14 sm:py-20", className)}>
        {eyebrow}
        <h1 className="max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-5xl">
          {title}
        </h1>
        {intro ? (
          <p className="mt-4 max-w-2xl text-lg text-muted-foreground text-pretty">{intro}</p>
        ) : null}
        {children}
      </div>
    </section>
  );
}

/** A page section with its h2. */
export function Section({
  title,
  intro,
  children,
  className,
  id,
}: {
  title: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
  id?: string;
}) {
  const headingId = id ? `${id}-titulo` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn("mx-auto max-w-6xl px-4 py-14", className)}
    >
      <h2 id={headingId} className="text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </h2>
      {intro ? <p className="mt-3 max-w-2xl text-muted-foreground">{intro}</p> : null}
      <div className="mt-8">{children}</div>
    </section>
  );
}
