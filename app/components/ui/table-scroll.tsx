import { cn } from "../../lib/cn.ts";

/**
 * A table wider than a phone: scrolls sideways inside this frame, whose edge shadows (CSS
 * `.scroll-shadows`) show there is more to either side; keyboard users can focus it to scroll.
 */
export function TableScroll({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      // A scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className={cn("scroll-shadows overflow-x-auto", className)}
    >
      {children}
    </div>
  );
}
