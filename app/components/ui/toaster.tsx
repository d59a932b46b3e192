import { lazy, Suspense, useSyncExternalStore } from "react";

// sonner weighs about 10 KB of gzipped JavaScript, most of a page's budget, so nothing loads
// it until the first toast is shown: `showToast` fetches it, and <Toaster> mounts sonner's
// toaster at that moment (sonner replays toasts made before its toaster subscribed).
// docs/decisions/011-toasts-only-where-used.md
const SonnerToaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

let toastRequested = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows a sonner toast, loading sonner on first use. */
export function showToast(kind: "success" | "error", title: string, description?: string) {
  if (!toastRequested) {
    toastRequested = true;
    for (const listener of listeners) listener();
  }
  void import("sonner").then(({ toast }) => toast[kind](title, { description }));
}

export function Toaster() {
  const mounted = useSyncExternalStore(
    subscribe,
    () => toastRequested,
    () => false,
  );
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster richColors theme="dark" position="top-center" />
    </Suspense>
  );
}
