import { priceCopy } from "../../content/common.ts";
import { cn } from "../../lib/cn.ts";
import { formatDollars } from "../../lib/format.ts";
import { Badge } from "../ui/badge.tsx";

/** Original price struck through, per month, the discounted price and the 25% badge; or "Sob consulta". */
export function PriceTag({
  price,
  discountedPrice,
  size = "md",
  className,
}: {
  price: number | null;
  discountedPrice: number | null;
  size?: "md" | "lg";
  className?: string;
}) {
  if (price === null || discountedPrice === null) {
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
        <s>{formatDollars(price)}</s> {priceCopy.perMonth}
      </p>
      <p className="flex flex-wrap items-baseline gap-x-1">
        <span className="sr-only">{priceCopy.discountedPriceLabel}: </span>
        <span className={cn("font-bold", size === "lg" ? "text-4xl" : "text-3xl")}>
          {formatDollars(discountedPrice)}
        </span>
        <span className="text-muted-foreground">{priceCopy.perMonth}</span>
      </p>
      <Badge tone="green">{priceCopy.discountBadge}</Badge>
    </div>
  );
}
