/**
 * An admin page's section (inside the admin layout's <main>: one main landmark, one h1 per
 * page): its title, the last action's notice, a row of counts, then the page's own parts.
 */
export function CountedSection<Key extends string>({
  id,
  title,
  notice,
  counts,
  labels,
  children,
}: {
  id: string;
  title: string;
  notice?: string | undefined;
  /** The counts in the order shown, each with its label. */
  counts: readonly (readonly [Key, number])[];
  labels: Record<Key, string>;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      {notice ? (
        <p role="status" className="mt-4 rounded-md border p-3">
          {notice}
        </p>
      ) : null}
      <dl className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-3">
        {counts.map(([key, value]) => (
          <div key={key} className="rounded-md border p-4">
            <dt className="text-sm text-muted-foreground">{labels[key]}</dt>
            <dd className="text-2xl font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}
