import { setTimeout as delay } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import { entryModule } from "../../platform/entry-module.server.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import type { RenderedMarkdown } from "./markdown-render.server.ts";
import { plainTextHtml } from "./plain-text-html.ts";

/** The stored HTML of content saved before HTML was stored: as text if it renders too slowly. */
export async function backfillPostHtml(markdown: string): Promise<string> {
  const rendered = await renderPostHtml(markdown);
  return rendered.ok ? rendered.html : plainTextHtml(markdown);
}

/**
 * Most CPU time a render may take (a 20,000-character post renders in a few ms; certain
 * Markdown costs marked seconds). CPU, not wall-clock, time: on a busy machine a render waits
 * for a core, and an ordinary post must not be refused for that (docs/decisions/257).
 */
export const RENDER_CPU_LIMIT_MS = 1_000;
// How often the render's CPU time is read: the limit's overshoot at most.
const CPU_CHECK_MS = 25;

export type PostHtml = { ok: true; html: string } | { ok: false; reason: "too-slow" };

/**
 * The post's stored HTML, rendered in a worker thread of its own within `cpuLimitMs` of CPU
 * time (the content's length is already capped by the post form's schema). The render is
 * synchronous and may run away: a thread can be stopped where no await could, and the
 * server's event loop goes on meanwhile.
 */
export async function renderPostHtml(
  markdown: string,
  cpuLimitMs = RENDER_CPU_LIMIT_MS,
): Promise<PostHtml> {
  const worker = new Worker(
    entryModule(import.meta.url, "./markdown-worker.server.ts", "markdown-worker"),
    // marked recurses once per nesting level; with the main thread's stack size, thousands of
    // levels overflow it after a third of a second, and the text is shown as such.
    { resourceLimits: { stackSizeMb: 1 } },
  );
  try {
    await nextAnswer(worker); // "ready"
    const before = cpuMicros(await worker.cpuUsage());
    const answer = nextAnswer(worker);
    worker.postMessage(markdown);
    for (;;) {
      const rendered = await Promise.race([answer, delay(CPU_CHECK_MS, null)]);
      if (rendered !== null) {
        if (rendered.parseError !== undefined) {
          getLogger().warn(
            { err: rendered.parseError },
            "post content is not renderable Markdown: shown as text",
          );
        }
        return { ok: true, html: rendered.html };
      }
      if (cpuMicros(await worker.cpuUsage()) - before >= cpuLimitMs * 1_000) {
        answer.catch(() => {}); // the thread is terminated below, before it answers
        return { ok: false, reason: "too-slow" };
      }
    }
  } finally {
    await worker.terminate();
  }
}

function nextAnswer(worker: Worker): Promise<RenderedMarkdown> {
  return new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.once("exit", (code) =>
      reject(new Error(`the Markdown renderer exited (${code}) without answering`)),
    );
  });
}

function cpuMicros({ user, system }: NodeJS.CpuUsage): number {
  return user + system;
}
