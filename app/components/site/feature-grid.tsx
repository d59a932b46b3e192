type Icon = (props: React.SVGProps<SVGSVGElement>) => React.ReactNode;

/** Four feature cards with an icon each (home benefits, the managed VPS). */
export function FeatureGrid({
  items,
  icons,
}: {
  items: ReadonlyArray<{ title: string; text: string }>;
  icons: readonly [Icon, ...Icon[]];
}) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {items.map((item, index) => {
        const ItemIcon = icons[index] ?? icons[0];
        return (
          <li key={item.title} className="rounded-2xl border border-border bg-card p-6">
            <ItemIcon aria-hidden="true" className="size-8 text-primary" />
            <h3 className="mt-4 text-lg font-semibold">{item.title}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{item.text}</p>
          </li>
        );
      })}
    </ul>
  );
}
