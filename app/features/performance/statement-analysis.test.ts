import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { goldenLedger } from "../../../tests/support/golden-ledger.ts";
import {
  generatedLedger,
  mt4Statement,
  mt5Statement,
  utf16le,
  utf8,
} from "../../../tests/support/statement-fixtures.ts";
import { computeRecord } from "./compute.ts";
import type { ServerClock } from "./model.ts";
import { readStatementUpload, statementReaderRunning } from "./statement-analysis.server.ts";
import { parseStatement } from "./statement-parse.ts";

// The upload is read in a process of its own (docs/decisions/233, 263, 265): what comes back
// across the process boundary (the form, bigints, nested records, the file) is exactly what
// the reader and the figures give in the caller's own process, and its problems are the same.

const MAX_BYTES = 6 * 1024 * 1024;

/** A form's multipart body, streamed as a request's would be. */
async function uploadBody(fields: Record<string, string>, file?: Uint8Array) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.set("file", new File([file as Uint8Array<ArrayBuffer>], "ReportHistory.html"));
  const request = new Request("http://localhost/", { method: "POST", body: form });
  const body = new Blob([await request.arrayBuffer()]).stream();
  return { body, contentType: request.headers.get("content-type") ?? "" };
}

/** The analysis of an upload of this file, or the reading's own refusal. */
async function analyse(bytes: Uint8Array, serverClock: ServerClock, heapLimitMb?: number) {
  const { body, contentType } = await uploadBody({ serverClock }, bytes);
  const upload = await readStatementUpload(body, contentType, MAX_BYTES, { heapLimitMb });
  if (!upload.ok) return upload;
  if (upload.analysis?.ok) expect(upload.bytes).toEqual(bytes);
  return upload.analysis;
}

describe("an upload read and analysed in a process of its own", () => {
  it.each([
    ["MT4", utf8(mt4Statement(goldenLedger))],
    ["MT5", utf16le(mt5Statement(goldenLedger))],
  ])(
    "gives the header, format, figures, SHA-256 and the file of the reader in this process (%s)",
    async (_, bytes) => {
      const parsed = await parseStatement(bytes);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.problem));
      expect(await analyse(bytes, "+02:00")).toEqual({
        ok: true,
        header: parsed.statement.header,
        format: parsed.statement.format,
        sha256: crypto.createHash("sha256").update(bytes).digest("hex"),
        computed: computeRecord(parsed.statement, "+02:00"),
      });
    },
  );

  it("gives back the form's fields in order, and analyses nothing it should not", async () => {
    const file = utf8(mt4Statement(goldenLedger));
    const fields = { broker: "Corretora", currency: "USD", serverClock: "+09:00" };
    const { body, contentType } = await uploadBody(fields, file);
    expect(await readStatementUpload(body, contentType, MAX_BYTES)).toEqual({
      ok: true,
      form: {
        fields: Object.entries(fields),
        file: { name: "ReportHistory.html", size: file.byteLength },
        analysing: false,
      },
      analysis: null,
      bytes: null,
    });
  });

  it("refuses a body that is not a form (400) or is too large (413), then reads the next", async () => {
    const broken = { ...(await uploadBody({ a: "b" })), contentType: "multipart/form-data" };
    expect(await readStatementUpload(broken.body, broken.contentType, MAX_BYTES)).toEqual({
      ok: false,
      status: 400,
    });
    const large = await uploadBody({ serverClock: "+00:00" }, new Uint8Array(200_000));
    expect(await readStatementUpload(large.body, large.contentType, 100_000)).toEqual({
      ok: false,
      status: 413,
    });
    const bytes = utf8(mt4Statement(goldenLedger));
    expect(await analyse(bytes, "+00:00")).toMatchObject({ ok: true, format: "mt4" });
  });

  it("answers a reading that runs out of its memory as such, not as a server fault", async () => {
    // A heap that reads a small statement but not this 10,000-trade one (5.1 MB, within the
    // upload's limit) stands in for a hostile file. Measured: the small one reads in 14 MB,
    // the large one needs 30 MB; 20 leaves room both ways on a loaded machine.
    const heapLimitMb = 20;
    const small = utf16le(mt5Statement(generatedLedger({ trades: 10, months: 2 })));
    expect(await analyse(small, "+00:00", heapLimitMb)).toMatchObject({ ok: true });
    const bytes = utf8(mt4Statement(generatedLedger({ trades: 10_000, months: 24 })));
    expect(bytes.byteLength).toBeLessThan(MAX_BYTES);
    expect(await analyse(bytes, "+00:00", heapLimitMb)).toEqual({
      ok: false,
      problem: { code: "out-of-memory" },
    });
    // That reader ended; the next reading gets another (docs/decisions/263).
    expect(await analyse(small, "+00:00", heapLimitMb)).toMatchObject({ ok: true });
  }, 60_000);

  it("answers a reader that dies of its heap while the file is still being sent as out of memory", async () => {
    // 10 MB is less than the reader needs to start: it dies while the 5 MB body is on its way.
    const bytes = utf16le(mt5Statement(generatedLedger({ trades: 2_500, months: 24 })));
    expect(await analyse(bytes, "+00:00", 10)).toEqual({
      ok: false,
      status: 422,
      problem: { code: "out-of-memory" },
    });
  }, 60_000);

  it("reads uploads that arrive together one after the other, each its own answer", async () => {
    const files = [utf8(mt4Statement(goldenLedger)), utf16le(mt5Statement(goldenLedger))];
    const answers = await Promise.all(files.map((bytes) => analyse(bytes, "+00:00")));
    expect(answers.map((answer) => answer?.ok && "format" in answer && answer.format)).toEqual([
      "mt4",
      "mt5",
    ]);
  });

  it("keeps the reader for the next upload only until it has been idle that long", async () => {
    const { body, contentType } = await uploadBody({ serverClock: "+00:00" }, utf8("<html/>"));
    await readStatementUpload(body, contentType, MAX_BYTES, { idleMs: 300 });
    expect(statementReaderRunning()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(statementReaderRunning()).toBe(false);
  });

  it("answers a file that is no statement with the reader's problem", async () => {
    const bytes = utf8("<html><body><p>Olá</p></body></html>");
    expect(await analyse(bytes, "+00:00")).toEqual(await parseStatement(bytes));
  });
});
