import { useId } from "react";
import { href, Link } from "react-router";
import { riskWarning } from "../../content/common.ts";
import { cn } from "../../lib/cn.ts";
import { TriangleAlert } from "../ui/icons/triangle-alert.tsx";

/** The repeated risk warning (docs/product.md section 1); `critical` for TrendKey BTC. */
export function RiskWarning({
  title = riskWarning.title,
  text = riskWarning.text,
  critical = false,
  className,
}: {
  title?: string;
  text?: string;
  critical?: boolean;
  className?: string;
}) {
  const titleId = useId();
  return (
    <div
      role="note"
      aria-labelledby={titleId}
      className={cn(
        "flex gap-3 rounded-xl border p-5",
        critical ? "border-danger bg-danger/15" : "border-danger/40 bg-danger/5",
        className,
      )}
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
      <div className="space-y-2 text-sm">
        <p id={titleId} className="font-semibold text-danger">
          {title}
        </p>
        <p className="text-foreground/90">{text}</p>
        <Link
          to={href("/aviso-de-risco")}
          className="inline-block text-foreground underline underline-offset-4 hover:text-primary"
        >
          {riskWarning.linkLabel}
        </Link>
      </div>
    </div>
  );
}
