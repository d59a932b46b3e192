// Bank statements staff import (issue 23): OFX, as every Brazilian bank exports it (1.x SGML,
// usually Windows-1252, and 2.x XML, UTF-8), parsed by ofx-data-extractor; or CSV, parsed by
// csv-parse (docs/decisions/153). Only credits matter: they are what people paid.
import { createHash } from "node:crypto";
import { MAX_STATEMENT_BYTES } from "./model.ts";
import { parseDecimal } from "./money.ts";

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
  "empty" | "too-large" | "encoding" | "malformed" | "unknown-format" | "csv-columns";

export type StatementResult =
  { ok: true; statement: Statement } | { ok: false; error: StatementError };

/** Digits of an account number, so "12345-6" and "123456" are the same account. */
export function accountDigits(account: string): string {
  return account.replace(/\D/g, "");
}

function decode(bytes: Uint8Array, declared: string | null): string | null {
  const utf8 = declared === null || /utf-?8/i.test(declared);
  try {
    return new TextDecoder(utf8 ? "utf-8" : "windows-1252", { fatal: utf8 }).decode(bytes);
  } catch {
    return null;
  }
}

/** The encoding an OFX file declares: 1.x header CHARSET/ENCODING, 2.x XML declaration. */
function declaredOfxEncoding(head: string): string | null {
  const xml = /<\?xml[^>]*encoding="([^"]+)"/i.exec(head);
  if (xml?.[1]) return xml[1];
  if (/^\s*OFXHEADER:/i.test(head)) {
    const encoding = /^ENCODING:(\S+)/im.exec(head)?.[1] ?? "";
    if (/utf-?8/i.test(encoding)) return "UTF-8";
    // USASCII with CHARSET 1252 or 8859-1, the usual Brazilian export.
    return "windows-1252";
  }
  return null;
}

async function parseOfx(bytes: Uint8Array): Promise<StatementResult> {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
  const text = decode(bytes, declaredOfxEncoding(head));
  if (text === null) return { ok: false, error: "encoding" };
  // The library accepts a file cut short or with no statement at all as an empty list;
  // a bank's export always has its transaction list and its closing tag.
  if (!/<BANKTRANLIST>/i.test(text) || !/<\/OFX>\s*$/i.test(text)) {
    return { ok: false, error: "malformed" };
  }
  const { Extractor, Reader } = await import("ofx-data-extractor");
  try {
    const extractor = new Extractor().data(new Reader(text)).config({ parserMode: "strict" });
    const report = extractor.validate();
    if (!report.isValid) return { ok: false, error: "malformed" };
    const { transactions } = extractor.toNormalized({ amountMode: "cents", dateMode: "iso" });
    let account: string | null = null;
    const credits: StatementCredit[] = [];
    for (const transaction of transactions) {
      const acctId: unknown = transaction.account?.ACCTID;
      if (typeof acctId === "string" && acctId) account = accountDigits(acctId);
      if (transaction.direction !== "credit") continue;
      const amount = transaction.amount;
      const posted = transaction.postedAt;
      if (
        typeof amount !== "number" ||
        !Number.isSafeInteger(amount) ||
        typeof posted !== "string"
      ) {
        return { ok: false, error: "malformed" };
      }
      const raw = transaction.raw as Record<string, unknown>;
      const description = [raw.NAME, raw.MEMO]
        .filter((part): part is string => typeof part === "string" && part.trim() !== "")
        .join(" - ");
      if (!transaction.fitId) return { ok: false, error: "malformed" };
      credits.push({
        key: `ofx:${transaction.fitId}`,
        postedOn: posted.slice(0, 10),
        amountCents: amount,
        description: description || transaction.description,
      });
    }
    return { ok: true, statement: { format: "ofx", account, credits } };
  } catch {
    return { ok: false, error: "malformed" };
  }
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
  const text = decode(bytes, "UTF-8") ?? decode(bytes, "windows-1252");
  if (text === null) return { ok: false, error: "encoding" };
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
  } catch {
    return { ok: false, error: "malformed" };
  }
  const [header, ...body] = rows;
  if (!header) return { ok: false, error: "empty" };
  const folded = header.map(fold);
  const column = (names: readonly string[]) => folded.findIndex((name) => names.includes(name));
  const at = {
    date: column(HEADER_ALIASES.date),
    amount: column(HEADER_ALIASES.amount),
    description: column(HEADER_ALIASES.description),
    id: column(HEADER_ALIASES.id),
  };
  if (at.date < 0 || at.amount < 0) return { ok: false, error: "csv-columns" };
  const credits: StatementCredit[] = [];
  // Two identical rows (same day, amount and text) are two payments: the occurrence number
  // keeps their keys apart, and the same file imported again gives the same keys.
  const seen = new Map<string, number>();
  for (const row of body) {
    const postedOn = csvDate(row[at.date] ?? "");
    const amountCents = csvAmount(row[at.amount] ?? "");
    if (postedOn === null || amountCents === null) return { ok: false, error: "malformed" };
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
export async function parseStatement(bytes: Uint8Array): Promise<StatementResult> {
  if (bytes.byteLength === 0) return { ok: false, error: "empty" };
  if (bytes.byteLength > MAX_STATEMENT_BYTES) return { ok: false, error: "too-large" };
  const head = new TextDecoder("latin1")
    .decode(bytes.subarray(0, 1024))
    .replace(/^\uFEFF|^ï»¿/, "");
  if (/^\s*(OFXHEADER:|<\?xml|<OFX>)/i.test(head)) return parseOfx(bytes);
  if (/[;,]/.test(head.split(/\r?\n/, 1)[0] ?? "")) return parseCsv(bytes);
  return { ok: false, error: "unknown-format" };
}
