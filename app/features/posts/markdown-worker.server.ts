// The worker thread that renders a post's Markdown (markdown.server.ts): says it is ready once
// marked and sanitize-html are loaded, so its time limit counts the render alone, then
// answers each Markdown text with its sanitized HTML (and marked's error, if any, for the
// server to log).
import { parentPort } from "node:worker_threads";
import { renderMarkdown } from "./markdown-render.server.ts";

parentPort?.on("message", (markdown: string) => parentPort?.postMessage(renderMarkdown(markdown)));
parentPort?.postMessage("ready");
