import { riskLabel } from "../../content/common.ts";
import { riskTone } from "./risk-tone.ts";
import { Badge } from "../../components/ui/badge.tsx";

export function RiskBadge({ level }: { level: string }) {
  return (
    <Badge tone={riskTone(level)}>
      {riskLabel} {level}
    </Badge>
  );
}
