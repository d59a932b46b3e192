import { entryHash, headDocument, logText } from "./record-log-chain.server.ts";
import { listLogEntries, listLogHeads, type SignedHead } from "./record-log.server.ts";

// What the log's page and files serve (docs/decisions/370): everything is read from the
// rows, and the text is what the hashes were computed over.

const plain = (body: string, type = "text/plain") =>
  new Response(body, {
    headers: { "Content-Type": `${type}; charset=utf-8`, "Cache-Control": "no-cache" },
  });

export async function logTextResponse(): Promise<Response> {
  return plain(logText(await listLogEntries()));
}

export async function logJsonResponse(): Promise<Response> {
  const [entries, heads] = await Promise.all([listLogEntries(), listLogHeads()]);
  return plain(
    JSON.stringify({
      entries: entries.map((entry) => ({ ...entry, hash: entryHash(entry) })),
      heads,
    }),
    "application/json",
  );
}

/** The latest head's public key, or null before the first entry. */
export async function logKeyResponse(): Promise<Response | null> {
  const head = (await listLogHeads()).at(-1);
  return head ? plain(head.publicKey, "application/x-pem-file") : null;
}

/** The dated document of the head with `size` entries, or null. */
export async function logHeadResponse(size: number): Promise<Response | null> {
  const head = (await listLogHeads()).find((candidate) => candidate.size === size);
  return head ? plain(headDocument(head, head.signature)) : null;
}

export interface LogPageData {
  entries: (Awaited<ReturnType<typeof listLogEntries>>[number] & { hash: string })[];
  head: SignedHead | null;
}

export async function logPageData(): Promise<LogPageData> {
  const [entries, heads] = await Promise.all([listLogEntries(), listLogHeads()]);
  return {
    entries: entries.map((entry) => ({ ...entry, hash: entryHash(entry) })),
    head: heads.at(-1) ?? null,
  };
}
