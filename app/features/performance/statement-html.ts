import { Parser } from "htmlparser2";

// A statement file as text and then as rows of cell texts (docs/decisions/130). The file is
// read with htmlparser2, a streaming tokenizer with no recursion, so deep nesting costs
// nothing; rows, cells and text are capped; and the text is fed in slices, yielding to the
// event loop between them, so a 5 MB file never holds the server for more than a few
// milliseconds at a time; past the deadline the read stops.

/**
 * UTF-16 LE as TextDecoder reads it, by Node's native codec when that gives the same text
 * (whole code units, no lone surrogate to replace): a tenth of TextDecoder's time on a
 * MetaTrader 5 file (docs/decisions/199).
 */
function decodeUtf16le(bytes: Uint8Array): string {
  if (bytes.byteLength % 2 === 0) {
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf16le");
    if (text.isWellFormed()) return text;
  }
  return new TextDecoder("utf-16le").decode(bytes);
}

/** What the file decodes to, by its byte-order mark (MetaTrader 5 writes UTF-16 LE). */
export function decodeStatement(bytes: Uint8Array): string {
  const startsWith = (...prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);
  if (startsWith(0xff, 0xfe)) return decodeUtf16le(bytes.subarray(2));
  if (startsWith(0xfe, 0xff)) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  if (startsWith(0xef, 0xbb, 0xbf)) return new TextDecoder("utf-8").decode(bytes.subarray(3));
  // UTF-16 without a mark: "<" followed by a zero byte (or the other way round).
  if (bytes.length >= 4 && bytes[1] === 0 && bytes[3] === 0) return decodeUtf16le(bytes);
  if (bytes.length >= 4 && bytes[0] === 0 && bytes[2] === 0) {
    return new TextDecoder("utf-16be").decode(bytes);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    // MetaTrader 4 writes the system's ANSI code page; on Western Windows that is 1252.
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

export interface StatementDocument {
  title: string;
  /** Text outside any table cell, in order (MT4's broker name is one). */
  looseText: string[];
  /** Each table row's cell texts, a cell with colspan n followed by n - 1 empty cells. */
  rows: string[][];
}

export type ReadResult =
  { ok: true; document: StatementDocument } | { ok: false; reason: "too-many-rows" | "too-slow" };

export const readLimits = {
  maxRows: 400_000,
  maxCellsPerRow: 200,
  maxColspan: 50,
  maxCellChars: 2_000,
  maxLooseTexts: 100,
  sliceChars: 128 * 1024,
  deadlineMs: 10_000,
};

const SKIPPED = new Set(["script", "style", "noscript", "template", "iframe", "object", "svg"]);

function normalize(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export async function readStatementHtml(html: string, limits = readLimits): Promise<ReadResult> {
  const started = performance.now();
  const rows: string[][] = [];
  const looseText: string[] = [];
  let title = "";
  let skipping = 0;
  let inTitle = false;
  let row: string[] | null = null;
  let cell: { text: string; span: number } | null = null;
  let loose = "";
  let overflow = false;

  const flushLoose = () => {
    const text = normalize(loose);
    loose = "";
    if (text && looseText.length < limits.maxLooseTexts) looseText.push(text.slice(0, 500));
  };
  const endCell = () => {
    if (!cell || !row) return;
    const text = normalize(cell.text);
    row.push(text);
    for (let i = 1; i < cell.span && row.length < limits.maxCellsPerRow; i++) row.push("");
    cell = null;
  };
  const endRow = () => {
    endCell();
    if (row && row.length > 0) {
      if (rows.length >= limits.maxRows) overflow = true;
      else rows.push(row);
    }
    row = null;
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (SKIPPED.has(name)) {
          skipping++;
          return;
        }
        if (skipping) return;
        if (name === "title") inTitle = true;
        else if (name === "tr") {
          endRow();
          flushLoose();
          row = [];
        } else if (name === "td" || name === "th") {
          endCell();
          if (!row) row = [];
          if (row.length >= limits.maxCellsPerRow) return;
          const span = Number.parseInt(attributes.colspan ?? "1", 10);
          cell = {
            text: "",
            span: Number.isFinite(span) ? Math.min(Math.max(span, 1), limits.maxColspan) : 1,
          };
        } else if (name === "br" || name === "p" || name === "div") {
          if (cell) cell.text += " ";
          else loose += " ";
          if (name === "div" && !cell && !row) flushLoose();
        }
      },
      ontext(text) {
        if (skipping) return;
        if (inTitle) title = normalize(title + text).slice(0, 500);
        else if (cell) {
          if (cell.text.length < limits.maxCellChars) cell.text += text;
        } else if (!row && loose.length < 2_000) loose += text;
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) {
          skipping = Math.max(0, skipping - 1);
          return;
        }
        if (skipping) return;
        if (name === "title") inTitle = false;
        else if (name === "td" || name === "th") endCell();
        else if (name === "tr" || name === "table") endRow();
        else if (name === "div" || name === "b" || name === "font") {
          if (!row) flushLoose();
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );

  for (let offset = 0; offset < html.length; offset += limits.sliceChars) {
    parser.write(html.slice(offset, offset + limits.sliceChars));
    if (overflow) return { ok: false, reason: "too-many-rows" };
    if (performance.now() - started > limits.deadlineMs) return { ok: false, reason: "too-slow" };
    if (offset + limits.sliceChars < html.length) {
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  parser.end();
  endRow();
  flushLoose();
  if (overflow) return { ok: false, reason: "too-many-rows" };
  return { ok: true, document: { title, looseText, rows } };
}
