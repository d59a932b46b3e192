import { cn } from "../../lib/cn.ts";

/** Numbered steps (an ordered list, so the numbers are read out too). */
export function StepList({
  steps,
  columns = 3,
}: {
  steps: readonly { title: string; text: React.ReactNode }[];
  columns?: 3 | 4;
}) {
  return (
    <ol
      className={cn(
        "grid gap-6 sm:grid-cols-2",
        columns === 4 ? "lg:grid-cols-4" : "lg:grid-cols-3",
      )}
    >
      {steps.map((step, index) => (
        <li key={step.title} className="rounded-2xl border border-border bg-card p-6">
          <span
            aria-hidden="true"
            className="inline-flex size-10 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
          >
            {index + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
          <p className="mt-2 text-sm text-muted-foreground">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
