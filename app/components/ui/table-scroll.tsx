import { cn } from "../../lib/cn.ts";

/**
 * A table wider than a phone: scrolls sideways inside this frame, whose edge shadows (CSS
 * `.scroll-shadows`) show there is more to either side; keyboard users can focus it to scroll.
 * It is `relative` so that absolutely positioned content (screen-reader-only text) is placed
 * and clipped inside it instead of widening the page.
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
      className={cn("scroll-shadows relative overflow-x-auto", className)}
    >
      {children}
    </div>
  );
}
