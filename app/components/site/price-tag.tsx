import { priceCopy } from "../../content/common.ts";
import { cn } from "../../lib/cn.ts";
import { Badge } from "../ui/badge.tsx";

/**
 * Original price struck through, per month, the partner price and the 25% badge; or "Sob
 * consulta". It receives the texts already written from the one price rule (orders/money.ts).
 */
export function PriceTag({
  price,
  size = "md",
  className,
}: {
  price: { monthly: string; partner: string } | null;
  size?: "md" | "lg";
  className?: string;
}) {
  if (price === null) {
    return (
      <p className={cn("font-bold", size === "lg" ? "text-3xl" : "text-2xl", className)}>
        {priceCopy.onRequest}
      </p>
    );
  }
  return (
    <div className={cn("space-y-1", className)}>
      <p className="text-muted-foreground">
        <span className="sr-only">{priceCopy.originalPriceLabel}: </span>
        <s>{price.monthly}</s> {priceCopy.perMonth}
      </p>
      <p className="flex flex-wrap items-baseline gap-x-1">
        <span className="sr-only">{priceCopy.discountedPriceLabel}: </span>
        <span className={cn("font-bold", size === "lg" ? "text-4xl" : "text-3xl")}>
          {price.partner}
        </span>
        <span className="text-muted-foreground">{priceCopy.perMonth}</span>
      </p>
      <Badge tone="green">{priceCopy.discountBadge}</Badge>
    </div>
  );
}
