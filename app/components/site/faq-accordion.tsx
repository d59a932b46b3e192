import { useId, useRef, useState } from "react";
import { cn } from "../../lib/cn.ts";
import { ChevronDown } from "../ui/icons/chevron-down.tsx";

interface FaqItem {
  question: string;
  answer: string;
}

/**
 * The WAI-ARIA accordion pattern: each question is a button (aria-expanded, aria-controls)
 * inside a heading; at most one answer is open, and clicking the open one closes it.
 * Arrow keys, Home and End move between questions.
 */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const baseId = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  function moveFocus(event: React.KeyboardEvent, index: number) {
    const last = items.length - 1;
    const target =
      event.key === "ArrowDown"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowUp"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  }

  return (
    <div className="divide-y divide-border rounded-2xl border border-border bg-card">
      {items.map((item, index) => {
        const open = openIndex === index;
        const buttonId = `${baseId}-pergunta-${index}`;
        const panelId = `${baseId}-resposta-${index}`;
        return (
          <div key={item.question}>
            <h3>
              <button
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                type="button"
                id={buttonId}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenIndex(open ? null : index)}
                onKeyDown={(event) => moveFocus(event, index)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold hover:text-primary"
              >
                {item.question}
                <ChevronDown
                  aria-hidden="true"
                  className={cn("size-5 shrink-0 transition-transform", open && "rotate-180")}
                />
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!open}
              className="px-5 pb-5 text-muted-foreground"
            >
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
