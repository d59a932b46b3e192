import type { AgentIcon as AgentIconName } from "../../content/agents.ts";
import { cn } from "../../lib/cn.ts";
import { Activity } from "../ui/icons/activity.tsx";
import { Bitcoin } from "../ui/icons/bitcoin.tsx";
import { JapaneseYen } from "../ui/icons/japanese-yen.tsx";

const icons = { yen: JapaneseYen, pulse: Activity, bitcoin: Bitcoin } as const;

/** The agent's icon on its colour gradient; decorative (the name is always next to it). */
export function AgentIcon({
  icon,
  gradient,
  size = "md",
}: {
  icon: AgentIconName;
  gradient: string;
  size?: "md" | "lg";
}) {
  const Icon = icons[icon];
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex shrink-0 items-center justify-center rounded-xl bg-linear-to-br text-white shadow-lg",
        gradient,
        size === "lg" ? "size-16" : "size-12",
      )}
    >
      <Icon className={size === "lg" ? "size-8" : "size-6"} />
    </span>
  );
}
