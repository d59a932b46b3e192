import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names (clsx): skips falsy values, keeps every class as given. A class passed
 * by a caller does not remove a component's conflicting one; to override it, use Tailwind's
 * important modifier (`mt-0!`) or give the component a prop (docs/decisions/110).
 */
export function cn(...classes: ClassValue[]): string {
  return clsx(classes);
}
