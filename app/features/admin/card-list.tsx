/** A panel's items as a list of cards, or its empty text when there are none. */
export function CardList<Item extends { id: string }>({
  items,
  empty,
  children,
}: {
  items: Item[];
  empty: string;
  children: (item: Item) => React.ReactNode;
}) {
  if (items.length === 0) return <p className="mt-4 text-muted-foreground">{empty}</p>;
  return (
    <ul className="mt-4 grid gap-4">
      {items.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </ul>
  );
}
