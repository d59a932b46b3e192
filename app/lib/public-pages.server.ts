// The one signal that what public pages show has changed (a robot, a post, free spots), so
// anything that keeps rendered public pages (the page cache) must drop them. Callers say
// what changed only for the log; every listener drops everything.

type Listener = (reason: string) => void;

const listeners = new Set<Listener>();

export function onPublicPagesChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function publicPagesChanged(reason: string): void {
  for (const listener of listeners) listener(reason);
}
