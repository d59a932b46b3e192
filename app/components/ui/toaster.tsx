import { lazy, Suspense, useSyncExternalStore } from "react";
import { useMatches } from "react-router";

// sonner weighs about 10 KB of gzipped JavaScript, most of a public page's budget. It is
// loaded after hydration, and only on pages whose route handle does not say `toasts: false`
// (docs/decisions/011-toasts-only-where-used.md).
const SonnerToaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

/** Route handle of a page that never shows a toast. */
export const noToastsHandle = { toasts: false } as const;

const subscribeNever = () => () => {};

export function Toaster() {
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  const matches = useMatches();
  const unwanted = matches.some(
    (match) => (match.handle as { toasts?: boolean } | undefined)?.toasts === false,
  );
  if (!hydrated || unwanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster richColors theme="dark" position="top-center" />
    </Suspense>
  );
}
