// Bank statements staff import (issue 23), read in the statement worker thread
// (statement.server.ts): OFX, as Brazilian banks export it (1.x SGML, usually Windows-1252,
// and 2.x XML, UTF-8), read by its structure (ofx-read.ts, docs/decisions/341); or CSV,
// parsed by csv-parse (docs/decisions/153). Only credits matter: they are what people paid.
import { createHash } from "node:crypto";
import { MAX_STATEMENT_BYTES } from "./model.ts";
import { parseDecimal } from "./money.ts";
import { readOfx, type OfxProblem } from "./ofx-read.ts";

export interface StatementCredit {
  /** Stable across imports of the same transaction: the bank's FITID, else a content hash. */
  key: string;
  /** São Paulo calendar date the bank posted it, "YYYY-MM-DD". */
  postedOn: string;
  amountCents: number;
  /** What the bank says about it (payer, PIX message), where an order reference may appear. */
  description: string;
}

export interface Statement {
  format: "ofx" | "csv";
  /** The account the statement is of (OFX ACCTID, digits only), when the file says. */
  account: string | null;
  credits: StatementCredit[];
}

export type StatementError =
  | { code: "empty" | "too-large" | "encoding" | "unknown-format" | "csv-columns" }
  | { code: "malformed"; line: number | null }
  | OfxProblem;

export type StatementResult =
  { ok: true; statement: Statement } | { ok: false; error: StatementError };

function decode(bytes: Uint8Array, encoding: "utf-8" | "windows-1252"): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Whether an OFX file declares UTF-8 (1.x header ENCODING, 2.x XML declaration). */
function declaresUtf8(head: string): boolean {
  const xml = /<\?xml[^>]*encoding="([^"]+)"/i.exec(head);
  if (xml?.[1]) return /utf-?8/i.test(xml[1]);
  return /^ENCODING:\s*UTF-?8/im.test(head);
}

/**
 * An OFX file's text. Declared UTF-8 must be UTF-8. A 1.x header's CHARSET:1252 is often
 * wrong (banks write it over UTF-8 bytes): Windows-1252 accents are almost never valid UTF-8,
 * so bytes that are valid UTF-8 are read as UTF-8, others as Windows-1252.
 */
function decodeOfx(bytes: Uint8Array): string | null {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
  const utf8 = decode(bytes, "utf-8");
  if (declaresUtf8(head)) return utf8;
  return utf8 ?? decode(bytes, "windows-1252");
}

function parseOfx(bytes: Uint8Array): StatementResult {
  const text = decodeOfx(bytes);
  if (text === null) return { ok: false, error: { code: "encoding" } };
  const read = readOfx(text.replace(/^\uFEFF/, ""));
  if (!read.ok) return { ok: false, error: read.problem };
  const credits = read.credits.map(({ fitId, postedOn, amountCents, description }) => ({
    key: `ofx:${fitId}`,
    postedOn,
    amountCents,
    description,
  }));
  return { ok: true, statement: { format: "ofx", account: read.account, credits } };
}

const HEADER_ALIASES = {
  date: ["data", "date", "data lancamento", "data do lancamento", "data movimento"],
  amount: ["valor", "amount", "valor (r$)", "valor r$"],
  description: ["descricao", "historico", "description", "memo", "lancamento", "detalhes"],
  id: ["identificador", "id", "fitid", "id transacao", "id da transacao", "codigo"],
} as const;

function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .toLowerCase();
}

/** "24/11/2026" or "2026-11-24" -> "2026-11-24"; null when it is no real date. */
function csvDate(text: string): string | null {
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  const [year, month, day] = br ? [br[3], br[2], br[1]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!year || !month || !day) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  return `${year}-${month}-${day}`;
}

/** "1.234,56", "-45,90", "810.74", "R$ 10,00" -> cents (signed); null when not an amount. */
export function csvAmount(text: string): number | null {
  let value = text.replace(/R\$|\s/g, "");
  const negative = value.startsWith("-");
  if (negative) value = value.slice(1);
  if (value.includes(",")) value = value.replaceAll(".", "").replace(",", ".");
  else if (/^\d{1,3}(\.\d{3})+$/.test(value)) value = value.replaceAll(".", "");
  const cents = parseDecimal(value, 2);
  if (cents === null) return null;
  return negative ? -cents : cents;
}

async function parseCsv(bytes: Uint8Array): Promise<StatementResult> {
  const text = decode(bytes, "utf-8") ?? decode(bytes, "windows-1252");
  if (text === null) return { ok: false, error: { code: "encoding" } };
  const firstLine = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const delimiter = firstLine.split(";").length > firstLine.split(",").length ? ";" : ",";
  const { parse } = await import("csv-parse/sync");
  let rows: string[][];
  try {
    rows = parse(text, {
      bom: true,
      delimiter,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: false,
    });
  } catch (error) {
    const line = (error as { lines?: unknown }).lines;
    return {
      ok: false,
      error: { code: "malformed", line: typeof line === "number" ? line : null },
    };
  }
  const [header, ...body] = rows;
  if (!header) return { ok: false, error: { code: "empty" } };
  const folded = header.map(fold);
  const column = (names: readonly string[]) => folded.findIndex((name) => names.includes(name));
  const at = {
    date: column(HEADER_ALIASES.date),
    amount: column(HEADER_ALIASES.amount),
    description: column(HEADER_ALIASES.description),
    id: column(HEADER_ALIASES.id),
  };
  if (at.date < 0 || at.amount < 0) return { ok: false, error: { code: "csv-columns" } };
  const credits: StatementCredit[] = [];
  // Two identical rows (same day, amount and text) are two payments: the occurrence number
  // keeps their keys apart, and the same file imported again gives the same keys.
  const seen = new Map<string, number>();
  for (const [index, row] of body.entries()) {
    const postedOn = csvDate(row[at.date] ?? "");
    const amountCents = csvAmount(row[at.amount] ?? "");
    if (postedOn === null || amountCents === null) {
      // Rows counted from the header's line (no empty lines, no line breaks in a cell).
      return { ok: false, error: { code: "malformed", line: index + 2 } };
    }
    if (amountCents <= 0) continue;
    const description = at.description >= 0 ? (row[at.description] ?? "") : "";
    const id = at.id >= 0 ? (row[at.id] ?? "").trim() : "";
    let key: string;
    if (id) key = `csv:${id}`;
    else {
      const content = `${postedOn}|${amountCents}|${description}`;
      const occurrence = (seen.get(content) ?? 0) + 1;
      seen.set(content, occurrence);
      key = `csv#${createHash("sha256").update(`${content}|${occurrence}`).digest("hex").slice(0, 32)}`;
    }
    credits.push({ key, postedOn, amountCents, description });
  }
  return { ok: true, statement: { format: "csv", account: null, credits } };
}

/** A statement file as staff uploaded it, by its content (the file name is not trusted). */
export async function readStatement(bytes: Uint8Array): Promise<StatementResult> {
  if (bytes.byteLength === 0) return { ok: false, error: { code: "empty" } };
  if (bytes.byteLength > MAX_STATEMENT_BYTES) return { ok: false, error: { code: "too-large" } };
  const head = new TextDecoder("latin1")
    .decode(bytes.subarray(0, 1024))
    .replace(/^\uFEFF|^ï»¿/, "");
  if (/^\s*(OFXHEADER:|<\?xml|<OFX>)/i.test(head)) return parseOfx(bytes);
  if (/[;,]/.test(head.split(/\r?\n/, 1)[0] ?? "")) return parseCsv(bytes);
  return { ok: false, error: { code: "unknown-format" } };
}
