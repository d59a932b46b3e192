import { BrokerText } from "./broker-text.tsx";
import { useId } from "react";
import { ChevronDown } from "../ui/icons/chevron-down.tsx";

interface FaqItem {
  question: string;
  answer: string;
}

/**
 * An exclusive accordion without JavaScript (docs/decisions/060): `<details>` elements
 * sharing one `name`, so the browser keeps at most one open; each summary is focusable and
 * toggles with Enter or Space, and clicking the open one closes it.
 */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  const name = useId();
  return (
    <div className="divide-y divide-border rounded-2xl border border-border bg-card">
      {items.map((item) => (
        <details key={item.question} name={name} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-semibold hover:text-primary [&::-webkit-details-marker]:hidden">
            <h3>{item.question}</h3>
            <ChevronDown
              aria-hidden="true"
              className="size-5 shrink-0 transition-transform group-open:rotate-180"
            />
          </summary>
          <div className="px-5 pb-5 text-muted-foreground">
            <p>
              <BrokerText text={item.answer} />
            </p>
          </div>
        </details>
      ))}
    </div>
  );
}
