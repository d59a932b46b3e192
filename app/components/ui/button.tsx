import { Link, type LinkProps } from "react-router";
import { cn } from "../../lib/cn.ts";

type Variant = "primary" | "outline" | "ghost" | "danger";
type Size = "sm" | "md" | "lg";

const variants: Record<Variant, string> = {
  primary: "bg-primary text-primary-foreground hover:bg-primary/90",
  outline: "border border-border bg-transparent text-foreground hover:bg-muted",
  ghost: "bg-transparent text-foreground hover:bg-muted",
  danger: "bg-danger text-background hover:bg-danger/90",
};

// min-height, not height: a label longer than a phone's width wraps inside the button
// instead of spilling out of it.
const sizes: Record<Size, string> = {
  sm: "min-h-9 px-3 py-1 text-center text-sm",
  md: "min-h-10 px-4 py-2 text-center",
  // Phones: a smaller type so the longest label ("Entre para a Lista de Espera VIP") fits
  // on one line.
  lg: "min-h-12 px-4 py-2 text-center text-base sm:px-6 sm:text-lg",
};

export function buttonClasses({
  variant = "primary",
  size = "md",
  className,
}: { variant?: Variant; size?: Size; className?: string } = {}): string {
  return cn(
    "inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors disabled:pointer-events-none disabled:opacity-60",
    variants[variant],
    sizes[size],
    className,
  );
}

interface ButtonProps extends React.ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
}

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses({ variant, size, className })} {...props} />;
}

interface ButtonLinkProps extends LinkProps {
  variant?: Variant;
  size?: Size;
}

/** A link that looks like a button (calls to action). */
export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return (
    <Link className={buttonClasses({ variant, size, className: className as string })} {...props} />
  );
}
