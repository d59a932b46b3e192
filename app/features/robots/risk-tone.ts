import type { BadgeTone } from "../../components/ui/badge.tsx";

/** docs/product.md section 3: Alto red, Moderado yellow, Baixo green, any other value grey. */
export function riskTone(level: string): BadgeTone {
  switch (level) {
    case "Alto":
      return "red";
    case "Moderado":
      return "yellow";
    case "Baixo":
      return "green";
    default:
      return "grey";
  }
}
