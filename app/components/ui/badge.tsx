import { cn } from "../../lib/cn.ts";

export type BadgeTone = "red" | "yellow" | "green" | "blue" | "grey";

const tones: Record<BadgeTone, string> = {
  red: "bg-red-500/15 text-red-300 ring-red-500/40",
  yellow: "bg-yellow-500/15 text-yellow-200 ring-yellow-500/40",
  green: "bg-green-500/15 text-green-300 ring-green-500/40",
  blue: "bg-blue-500/15 text-blue-300 ring-blue-500/40",
  grey: "bg-slate-500/15 text-slate-300 ring-slate-500/40",
};

export function Badge({
  tone = "grey",
  className,
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
