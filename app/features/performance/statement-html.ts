import { isUtf8 } from "node:buffer";
import { Tokenizer } from "htmlparser2";

// A statement file as text and then as rows of cell texts (docs/decisions/130, 215). The
// file is decoded in slices and each slice fed to htmlparser2's Tokenizer, a streaming
// tokenizer with no recursion (deep nesting costs nothing) that reports positions; only the
// texts the ledger needs (cells, title, loose text) become strings, so neither the whole
// decoded file nor a tree is ever held. Rows, cells and text are capped, the read yields to
// the event loop between slices, and past the deadline it stops.

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
  // The file's byte-order mark is read by decodeStatement: one here is the text's own.
  return new TextDecoder("utf-16le", { ignoreBOM: true }).decode(bytes);
}

/**
 * UTF-16 LE in slices of `sliceBytes` (even): a slice never ends between a high surrogate
 * and what follows it, so each decodes alone to what the whole file decodes to there.
 */
function* utf16leSlices(bytes: Uint8Array, sliceBytes: number): Generator<string> {
  const size = Math.max(4, sliceBytes - (sliceBytes % 2));
  for (let start = 0; start < bytes.length;) {
    let end = Math.min(bytes.length, start + size);
    if (end < bytes.length) {
      const last = (bytes[end - 2] ?? 0) | ((bytes[end - 1] ?? 0) << 8);
      if (last >= 0xd800 && last <= 0xdbff) end -= 2;
    }
    yield decodeUtf16le(bytes.subarray(start, end));
    start = end;
  }
}

/** Any other encoding through a streaming TextDecoder (what it gives equals one decode). */
function* decoderSlices(bytes: Uint8Array, encoding: string, sliceBytes: number) {
  const decoder = new TextDecoder(encoding, { ignoreBOM: true });
  for (let start = 0; start < bytes.length; start += sliceBytes) {
    const text = decoder.decode(bytes.subarray(start, start + sliceBytes), { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/**
 * What the file decodes to, by its byte-order mark (MetaTrader 5 writes UTF-16 LE), in
 * slices of about `sliceBytes` bytes whose concatenation is the whole file's text.
 */
export function decodeStatement(bytes: Uint8Array, sliceBytes: number): Iterable<string> {
  const startsWith = (...prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);
  if (startsWith(0xff, 0xfe)) return utf16leSlices(bytes.subarray(2), sliceBytes);
  if (startsWith(0xfe, 0xff)) return decoderSlices(bytes.subarray(2), "utf-16be", sliceBytes);
  if (startsWith(0xef, 0xbb, 0xbf)) return decoderSlices(bytes.subarray(3), "utf-8", sliceBytes);
  // UTF-16 without a mark: "<" followed by a zero byte (or the other way round).
  if (bytes.length >= 4 && bytes[1] === 0 && bytes[3] === 0) {
    return utf16leSlices(bytes, sliceBytes);
  }
  if (bytes.length >= 4 && bytes[0] === 0 && bytes[2] === 0) {
    return decoderSlices(bytes, "utf-16be", sliceBytes);
  }
  // MetaTrader 4 writes the system's ANSI code page; on Western Windows that is 1252.
  return decoderSlices(bytes, isUtf8(bytes) ? "utf-8" : "windows-1252", sliceBytes);
}

export interface StatementDocument {
  title: string;
  /** Text outside any table cell, in order (MT4's broker name is one). */
  looseText: string[];
  /** Each table row's cell texts, a cell with colspan n followed by n - 1 empty cells. */
  rows: string[][];
}

export type ReadResult =
  | { ok: true; document: StatementDocument }
  | { ok: false; reason: "empty" | "too-many-rows" | "too-slow" };

export const readLimits = {
  maxRows: 400_000,
  maxCellsPerRow: 200,
  maxColspan: 50,
  maxCellChars: 2_000,
  maxLooseTexts: 100,
  sliceBytes: 256 * 1024,
  deadlineMs: 10_000,
};

// The tags the reader acts on, by a number computed from their letters (see tagCode).
const TAGS = ["tr", "td", "th", "table", "title", "br", "p", "div", "b", "font", "colspan"];
const SKIPPED_TAGS = ["script", "style", "noscript", "template", "iframe", "object", "svg"];

/** A name of up to 8 ASCII letters as a number, any case alike; anything else -1. */
function nameCode(name: string, at = 0, end = name.length): number {
  if (end - at > 8 || end <= at) return -1;
  let code = 0;
  for (let i = at; i < end; i++) {
    const letter = (name.charCodeAt(i) | 0x20) - 96;
    if (letter < 1 || letter > 26) return -1;
    code = code * 27 + letter;
  }
  return code;
}
const [TR, TD, TH, TABLE, TITLE, BR, P, DIV, B, FONT, COLSPAN] = TAGS.map((tag) => nameCode(tag));
const SKIPPED = new Set(SKIPPED_TAGS.map((tag) => nameCode(tag)));
const SVG = nameCode("svg");

/** \s+ as one space, trimmed; most cells have no run of spaces and are returned as they are. */
function normalize(text: string): string {
  const last = text.length - 1;
  for (let i = 0; i <= last; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) {
      if (i === 0 || i === last || text.charCodeAt(i + 1) === 32) return slowNormalize(text);
    } else if (c < 32 || c === 0xa0 || c > 0x167f) {
      if (c > 32 && c !== 0xa0 && !/\s/.test(text[i] ?? "")) continue;
      return slowNormalize(text);
    }
  }
  return text;
}

function slowNormalize(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

// A table row as MetaTrader writes its tens of thousands of ledger lines: lower-case <tr> and
// <td> tags whose attributes are plain (no entity, no "<" or ">"), each cell only text with
// no markup or entity, nothing between the cells. Such a row is read here (see
// readPlainRows) without the Tokenizer's character-by-character walk; any other row, and all
// else, is the Tokenizer's.
const ATTRIBUTES = String.raw`(?:[\t\n\f\r ]+[a-z]+(?:="[^"&<>]*"|=[^\t\n\f\r "&'/<=>\x60]+)?)*`;
const plainRow = new RegExp(
  String.raw`<tr${ATTRIBUTES}>(?:<td${ATTRIBUTES}>[^&<]*<\/td>)*<\/tr>`,
  "y",
);
const attribute = /[\t\n\f\r ]+([a-z]+)(?:="([^"&<>]*)"|=([^\t\n\f\r "&'/<=>`]+))?/y;
const isBlank = (c: number) => c === 32 || c === 10 || c === 9 || c === 13 || c === 12;

/** A plain tag's colspan as the Tokenizer reports it: the first one's value ("" bare). */
function colspanOf(text: string, from: number, to: number): string | null {
  attribute.lastIndex = from;
  while (attribute.lastIndex < to) {
    const found = attribute.exec(text);
    if (!found) break;
    if (found[1] === "colspan") return found[2] ?? found[3] ?? "";
  }
  return null;
}

/**
 * The rows, title and loose text of a statement's decoded slices. `plainRows: false` leaves
 * every row to the Tokenizer (the property test compares both ways).
 */
export async function readStatementHtml(
  slices: Iterable<string>,
  limits = readLimits,
  { plainRows = true } = {},
): Promise<ReadResult> {
  const started = performance.now();
  const rows: string[][] = [];
  const looseText: string[] = [];
  let title = "";
  let skipping = 0;
  let inTitle = false;
  let row: string[] | null = null;
  // The open cell: its text and colspan (cellOpen false: none).
  let cellOpen = false;
  let cellText = "";
  let cellSpan = 1;
  let loose = "";
  let overflow = false;
  let sawText = false;
  // The tag being opened, and its colspan attribute as it is read.
  let tag = -1;
  let colspan: string | null = null;
  let readingColspan = false;

  // The text given to the tokenizer, in the pieces still referred to by its positions (the
  // first at bufferOffset); fed: the length given so far. rowClosedAt: where the tokenizer
  // last read "</tr>"'s ">": at fed - 1 (or at the start) it is between rows, reading text.
  const buffers: string[] = [];
  let bufferOffset = 0;
  let fed = 0;
  let rowClosedAt = -1;
  const slice = (start: number, end: number): string => {
    while (buffers.length > 1 && start - bufferOffset >= (buffers[0] as string).length) {
      bufferOffset += (buffers.shift() as string).length;
    }
    let from = bufferOffset;
    let text = (buffers[0] as string).slice(start - from, end - from);
    for (let i = 1; i < buffers.length && end - from > (buffers[i - 1] as string).length; i++) {
      from += (buffers[i - 1] as string).length;
      text += (buffers[i] as string).slice(0, end - from);
    }
    return text;
  };
  /** nameCode of the text from start to end, read in place (a tag name is no string). */
  const codeAt = (start: number, end: number): number => {
    if (end - start > 8 || end <= start) return -1;
    let index = 0;
    let from = bufferOffset;
    let text = buffers[0] as string;
    let code = 0;
    for (let at = start; at < end; at++) {
      while (at - from >= text.length && index < buffers.length - 1) {
        from += text.length;
        text = buffers[++index] as string;
      }
      const letter = (text.charCodeAt(at - from) | 0x20) - 96;
      if (letter < 1 || letter > 26) return -1;
      code = code * 27 + letter;
    }
    return code;
  };

  const flushLoose = () => {
    const text = slowNormalize(loose);
    loose = "";
    if (text && looseText.length < limits.maxLooseTexts) looseText.push(text.slice(0, 500));
  };
  const endCell = () => {
    if (!cellOpen || !row) return;
    cellOpen = false;
    row.push(normalize(cellText));
    for (let i = 1; i < cellSpan && row.length < limits.maxCellsPerRow; i++) row.push("");
  };
  const endRow = () => {
    endCell();
    if (row && row.length > 0) {
      if (rows.length >= limits.maxRows) overflow = true;
      else rows.push(row);
    }
    row = null;
  };
  const addText = (text: string) => {
    if (skipping) return;
    if (inTitle) title = slowNormalize(title + text).slice(0, 500);
    else if (cellOpen) {
      if (cellText.length < limits.maxCellChars) cellText += text;
    } else if (!row && loose.length < 2_000) loose += text;
  };
  const openTag = () => {
    if (SKIPPED.has(tag)) skipping++;
    else if (skipping) return;
    else if (tag === TITLE) inTitle = true;
    else if (tag === TR) {
      endRow();
      flushLoose();
      row = [];
    } else if (tag === TD || tag === TH) {
      endCell();
      row ??= [];
      if (row.length >= limits.maxCellsPerRow) return;
      const span = Number.parseInt(colspan ?? "1", 10);
      cellOpen = true;
      cellText = "";
      cellSpan = Number.isFinite(span) ? Math.min(Math.max(span, 1), limits.maxColspan) : 1;
    } else if (tag === BR || tag === P || tag === DIV) {
      if (cellOpen) cellText += " ";
      else loose += " ";
      if (tag === DIV && !cellOpen && !row) flushLoose();
    }
  };

  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      ontext(start, end) {
        // Only the texts kept become strings (not the spaces between a row's cells).
        if (skipping || (!inTitle && !cellOpen && (row || loose.length >= 2_000))) return;
        addText(slice(start, end));
      },
      ontextentity(codepoint) {
        addText(String.fromCodePoint(codepoint));
      },
      onopentagname(start, end) {
        tag = codeAt(start, end);
        colspan = null;
      },
      onattribname(start, end) {
        readingColspan =
          (tag === TD || tag === TH) && colspan === null && codeAt(start, end) === COLSPAN;
        if (readingColspan) colspan = "";
      },
      onattribdata(start, end) {
        if (readingColspan) colspan += slice(start, end);
      },
      onattribentity(codepoint) {
        if (readingColspan) colspan += String.fromCodePoint(codepoint);
      },
      onattribend() {
        readingColspan = false;
      },
      onopentagend() {
        openTag();
      },
      onselfclosingtag() {
        // As htmlparser2's Parser: <svg/> opens and closes; in HTML others only open.
        if (tag !== SVG) openTag();
      },
      onclosetag(start, end) {
        const name = codeAt(start, end);
        if (SKIPPED.has(name)) {
          skipping = Math.max(0, skipping - 1);
          return;
        }
        if (skipping) return;
        if (name === TITLE) inTitle = false;
        else if (name === TD || name === TH) endCell();
        else if (name === TR || name === TABLE) {
          endRow();
          if (name === TR) rowClosedAt = end;
        } else if (name === BR) {
          // </br> is a line break, as browsers read it.
          tag = BR;
          openTag();
        } else if (name === DIV || name === B || name === FONT) {
          if (!row) flushLoose();
        }
      },
      oncdata() {},
      oncomment() {},
      ondeclaration() {},
      onprocessinginstruction() {},
      onend() {},
    },
  );

  const write = (text: string) => {
    buffers.push(text);
    fed += text.length;
    tokenizer.write(text);
  };

  /**
   * From `from`, the plain rows (see plainRow) and the blanks after each, read by the same
   * steps the Tokenizer's events take; where the next is not one, its position.
   */
  const readPlainRows = (text: string, from: number): number => {
    let at = skipBlanks(text, from);
    plainRow.lastIndex = at;
    while (plainRow.test(text)) {
      const end = plainRow.lastIndex;
      tag = TR!;
      colspan = null;
      openTag();
      // Past "<tr ...>": no attribute value holds a ">".
      let cell = text.indexOf(">", at) + 1;
      while (cell < end - 5) {
        const tagEnd = text.indexOf(">", cell);
        tag = TD!;
        colspan = tagEnd - cell > 3 ? colspanOf(text, cell + 3, tagEnd) : null;
        openTag();
        const textEnd = text.indexOf("<", tagEnd + 1);
        if (textEnd > tagEnd + 1) addText(text.slice(tagEnd + 1, textEnd));
        endCell();
        cell = textEnd + 5;
      }
      endRow();
      at = skipBlanks(text, end);
      plainRow.lastIndex = at;
    }
    return at;
  };
  /** Past the blanks from `from`, given as the Tokenizer would give them: loose text. */
  const skipBlanks = (text: string, from: number): number => {
    let at = from;
    while (at < text.length && isBlank(text.charCodeAt(at))) at++;
    if (at > from) addText(text.slice(from, at));
    return at;
  };

  /** The slice's plain rows read directly wherever the tokenizer is between rows. */
  const feed = (text: string) => {
    let at = 0;
    while (at < text.length) {
      if (plainRows && rowClosedAt === fed - 1) at = readPlainRows(text, at);
      if (at >= text.length) break;
      const rowEnd = text.indexOf("</tr>", at);
      const end = rowEnd < 0 ? text.length : rowEnd + 5;
      write(text.slice(at, end));
      at = end;
    }
  };

  let first = true;
  for (const text of slices) {
    if (!first) await new Promise((resolve) => setImmediate(resolve));
    first = false;
    if (!sawText && /\S/.test(text)) sawText = true;
    feed(text);
    if (overflow) return { ok: false, reason: "too-many-rows" };
    if (performance.now() - started > limits.deadlineMs) return { ok: false, reason: "too-slow" };
  }
  if (!sawText) return { ok: false, reason: "empty" };
  tokenizer.end();
  endRow();
  flushLoose();
  if (overflow) return { ok: false, reason: "too-many-rows" };
  return { ok: true, document: { title, looseText, rows } };
}
