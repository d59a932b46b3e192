import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins class names (clsx) and lets a later Tailwind class win over a conflicting one. */
export function cn(...classes: ClassValue[]): string {
  return twMerge(clsx(classes));
}
