import { Fragment } from "react";
import { useActionData, useNavigation } from "react-router";
import type { ActionResult } from "./action-result.ts";
import { type ActionToastMessages, useActionToast } from "./use-action-toast.ts";

// The pieces of an admin page made of plain forms (orders, subscriptions, setup): they work
// without JavaScript; with it, each action's result is also a toast.

/** The hidden field naming which of the page's forms was sent. */
export function Intent({ value }: { value: string }) {
  return <input type="hidden" name="intent" value={value} />;
}

/** The page's last action result, shown once as a toast; the page keeps its error in view. */
export function usePlainFormResult<Result extends ActionResult>(messages: ActionToastMessages) {
  const result = useActionData<Result>();
  const navigation = useNavigation();
  useActionToast(navigation.state, result, messages);
  return result;
}

/**
 * What the last refused form sent, when it was this form (its intent, and its row's hidden
 * ids when the page repeats the form per row): the values to fill it again, so nothing staff
 * typed is lost, with or without JavaScript.
 */
export function useSentAgain(
  intent: string,
  row: Record<string, string> = {},
): Record<string, string> | undefined {
  const result = useActionData<ActionResult>();
  if (!result || result.ok || result.values?.intent !== intent) return undefined;
  const { values } = result;
  return Object.entries(row).every(([name, value]) => values[name] === value) ? values : undefined;
}

/** The last action's error, which stays on the page after its toast has gone. */
export function ActionError({ result }: { result: ActionResult | undefined }) {
  if (!result || result.ok) return null;
  return (
    <p role="alert" className="rounded-md border border-danger p-3 text-danger">
      {result.error}
    </p>
  );
}

/** A titled list of a page's items under its filters, or its empty text. */
export function ListSection<Item extends { id: string }>({
  id,
  title,
  filters,
  items,
  empty,
  children,
}: {
  id: string;
  title: string;
  filters: React.ReactNode;
  items: Item[];
  empty: string;
  /** Renders one item as its `<li>`. */
  children: (item: Item) => React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {filters}
      {items.length === 0 ? (
        <p className="text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid gap-2">
          {items.map((item) => (
            <Fragment key={item.id}>{children(item)}</Fragment>
          ))}
        </ul>
      )}
    </section>
  );
}
