// An OFX bank statement read by its structure (docs/decisions/341): htmlparser2 tokenizes
// both OFX 1.x SGML (leaf elements left unclosed, with or without line breaks) and 2.x XML;
// this module only decides, from the elements' nesting, which element holds what. A payer's
// free text (NAME, MEMO) is text whatever it holds: before tokenizing, its `<` and `>` are
// escaped up to where the bank's own structure ends it, so it can set no field. Whatever the
// file does not say plainly (a repeated FITID, another currency, a second account, a card
// statement, a field given twice) is refused with its reason, never guessed.
import { Parser } from "htmlparser2";
import { parseDecimal } from "./money.ts";

export interface OfxCredit {
  /** The bank's FITID. */
  fitId: string;
  /** The bank's calendar date of the credit as it writes it, "YYYY-MM-DD". */
  postedOn: string;
  amountCents: number;
  /** NAME and MEMO, joined by " - ". */
  description: string;
}

export type OfxProblem =
  | { code: "malformed"; line: number }
  | { code: "duplicate-fitid"; fitId: string; line: number }
  | { code: "currency"; currency: string; line: number }
  | { code: "several-accounts"; line: number }
  | { code: "credit-card"; line: number };

export type OfxResult =
  { ok: true; account: string | null; credits: OfxCredit[] } | { ok: false; problem: OfxProblem };

/** The fields of a transaction (OFX 2.2 section 11.4.4.1), so a free text ends at one of them. */
const TRANSACTION_FIELDS = new Set([
  "TRNTYPE",
  "DTPOSTED",
  "DTUSER",
  "DTAVAIL",
  "TRNAMT",
  "FITID",
  "CORRECTFITID",
  "CORRECTACTION",
  "SRVRTID",
  "CHECKNUM",
  "REFNUM",
  "SIC",
  "PAYEEID",
  "NAME",
  "EXTDNAME",
  "MEMO",
  "CURRENCY",
  "ORIGCURRENCY",
  "INV401KSOURCE",
  "PAYEE",
  "BANKACCTTO",
  "CCACCTTO",
  "IMAGEDATA",
]);

/**
 * Where the free text starting at `from` ends, by the file's structure: at its own end tag
 * or the transaction's, and at the line's end (a bank's SGML puts one element on a line). A
 * file without line breaks has no line to end it: there the text also ends at the next field
 * of the transaction not given yet (a field given twice is refused later).
 */
function freeTextEnd(text: string, upper: string, from: string, at: number, given: Set<string>) {
  for (let i = at; i < text.length; i += 1) {
    const char = text[i];
    if (char === "\n" || char === "\r") return i;
    if (char !== "<") continue;
    if (upper.startsWith(`</${from}>`, i) || upper.startsWith("</STMTTRN>", i)) return i;
    const field = /^<([A-Z0-9.]+)>/.exec(upper.slice(i, i + 20))?.[1];
    if (field && TRANSACTION_FIELDS.has(field) && !given.has(field)) {
      // A line-structured transaction ends a free text at its line's end, not at a tag.
      const transactionEnd = upper.indexOf("</STMTTRN>", i);
      const rest = text.slice(i, transactionEnd < 0 ? text.length : transactionEnd);
      if (!/[\r\n]/.test(rest)) return i;
    }
  }
  return text.length;
}

/** The text with each free text's markup characters escaped (no character added or lost). */
function escapeFreeText(text: string): string {
  const upper = text.toUpperCase();
  // The elements whose value a payer may write.
  const opening = /<(NAME|MEMO|EXTDNAME)>/g;
  let out = "";
  let copied = 0;
  let transactionStart = 0;
  for (let match = opening.exec(upper); match; match = opening.exec(upper)) {
    const name = match[1] ?? "";
    const valueStart = match.index + match[0].length;
    const lastTransaction = upper.lastIndexOf("<STMTTRN>", match.index);
    if (lastTransaction > transactionStart) transactionStart = lastTransaction;
    const given = new Set(
      [...upper.slice(transactionStart, valueStart).matchAll(/<([A-Z0-9.]+)>/g)].map(
        (m) => m[1] ?? "",
      ),
    );
    const end = freeTextEnd(text, upper, name, valueStart, given);
    out += text.slice(copied, valueStart);
    out += text.slice(valueStart, end).replaceAll("<", "&lt;").replaceAll(">", "&gt;");
    copied = end;
    opening.lastIndex = end;
  }
  return out + text.slice(copied);
}

interface OfxElement {
  name: string;
  line: number;
  /** The element's data; set for a leaf element. */
  value: string | null;
  children: OfxElement[];
}

class Malformed extends Error {
  readonly problem: OfxProblem;
  constructor(problem: OfxProblem) {
    super(problem.code);
    this.problem = problem;
  }
}

/** The element tree of an OFX text, or the line where its nesting fails. */
function elementTree(source: string): OfxElement {
  const text = escapeFreeText(source);
  const lineStarts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) lineStarts.push(i + 1);
  const lineAt = (index: number) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((lineStarts[middle] ?? 0) <= index) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
  const root: OfxElement = { name: "", line: 0, value: null, children: [] };
  const stack: (OfxElement & { data: string })[] = [];
  /** Where each end tag that closed an element began; htmlparser2 skips one that closes none. */
  const closedAt = new Set<number>();
  const top = () => stack[stack.length - 1];
  const fail = (index: number): never => {
    throw new Malformed({ code: "malformed", line: lineAt(index) });
  };
  /** An SGML leaf ends where the next tag begins. */
  const endLeaf = () => {
    const current = top();
    if (current && current.children.length === 0 && current.data.trim() !== "") {
      current.value = current.data.trim();
      stack.pop();
    }
  };
  const parser = new Parser(
    {
      onopentag(rawName) {
        endLeaf();
        const element = {
          name: rawName.toUpperCase(),
          line: lineAt(parser.startIndex),
          value: null,
          children: [],
          data: "",
        };
        (top() ?? root).children.push(element);
        stack.push(element);
      },
      ontext(data) {
        const current = top();
        if (!current) {
          // Before <OFX>: the SGML header's lines, "KEY:VALUE".
          if (root.children.length > 0 && data.trim() !== "") fail(parser.startIndex);
          return;
        }
        if (current.children.length > 0 && data.trim() !== "") fail(parser.startIndex);
        current.data += data;
      },
      onclosetag(rawName, isImplied) {
        if (isImplied) return;
        closedAt.add(parser.startIndex);
        const name = rawName.toUpperCase();
        // An XML leaf's own end tag, or an aggregate's after its last SGML leaf.
        if (top()?.name !== name) endLeaf();
        const current = top();
        if (current?.name !== name) fail(parser.startIndex);
        if (current && current.children.length === 0) current.value = current.data.trim();
        stack.pop();
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(text);
  parser.end();
  endLeaf();
  for (const end of text.matchAll(/<\/[A-Za-z0-9.]+>/g)) {
    if (!closedAt.has(end.index)) fail(end.index);
  }
  if (stack.length > 0 || root.children.length !== 1 || root.children[0]?.name !== "OFX") {
    fail(text.length);
  }
  return root.children[0]!;
}

const child = (element: OfxElement, name: string) =>
  element.children.find((each) => each.name === name);
const children = (element: OfxElement, name: string) =>
  element.children.filter((each) => each.name === name);

/**
 * "810.74", "-45.9", and as some Brazilian banks write it "1.234,56" or "810,74" -> signed
 * cents; null when it is not an amount of at most two decimals.
 */
function amountCents(value: string): number | null {
  const match = /^([+-]?)(?:(\d+)(?:\.(\d{1,2}))?|(\d{1,3}(?:\.\d{3})*|\d+),(\d{1,2}))$/.exec(
    value,
  );
  if (!match) return null;
  const [, sign, dotWhole, dotFraction, commaWhole, commaFraction] = match;
  const whole = dotWhole ?? commaWhole?.replaceAll(".", "") ?? "";
  const cents = parseDecimal(`${whole}.${dotFraction ?? commaFraction ?? "0"}`, 2);
  if (cents === null) return null;
  return sign === "-" ? -cents : cents;
}

/** "20261124103000[-3:BRT]" -> "2026-11-24"; null when it is no real date. */
function postedDate(value: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})/.exec(value);
  if (!match) return null;
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  return `${year}-${month}-${day}`;
}

function readTransaction(transaction: OfxElement): OfxCredit | null {
  const seen = new Set<string>();
  for (const field of transaction.children) {
    if (seen.has(field.name)) {
      throw new Malformed({ code: "malformed", line: field.line });
    }
    seen.add(field.name);
  }
  const fail = (field?: OfxElement): never => {
    throw new Malformed({ code: "malformed", line: (field ?? transaction).line });
  };
  const amountField = child(transaction, "TRNAMT");
  const amount = amountField?.value ? amountCents(amountField.value) : null;
  if (amount === null) return fail(amountField);
  const currency = child(transaction, "CURRENCY") ?? child(transaction, "ORIGCURRENCY");
  const symbol = currency && child(currency, "CURSYM")?.value;
  if (symbol && symbol.toUpperCase() !== "BRL") {
    throw new Malformed({ code: "currency", currency: symbol, line: currency.line });
  }
  if (amount <= 0) return null;
  const dateField = child(transaction, "DTPOSTED");
  const postedOn = dateField?.value ? postedDate(dateField.value) : null;
  if (postedOn === null) return fail(dateField);
  const fitId = child(transaction, "FITID")?.value;
  if (!fitId) return fail(transaction);
  const description = ["NAME", "MEMO"]
    .map((name) => child(transaction, name)?.value ?? "")
    .filter((part) => part !== "")
    .join(" - ");
  return { fitId, postedOn, amountCents: amount, description };
}

/** The credits of an OFX statement's text, or why it is refused. */
export function readOfx(text: string): OfxResult {
  try {
    const ofx = elementTree(text);
    const card = child(ofx, "CREDITCARDMSGSRSV1");
    if (card) throw new Malformed({ code: "credit-card", line: card.line });
    const statements = children(ofx, "BANKMSGSRSV1").flatMap((set) =>
      children(set, "STMTTRNRS").map((response) => child(response, "STMTRS") ?? response),
    );
    const [statement, second] = statements;
    if (second) throw new Malformed({ code: "several-accounts", line: second.line });
    if (!statement || statement.name !== "STMTRS") {
      throw new Malformed({ code: "malformed", line: statement?.line ?? ofx.line });
    }
    const currency = child(statement, "CURDEF");
    if (currency?.value && currency.value.toUpperCase() !== "BRL") {
      throw new Malformed({ code: "currency", currency: currency.value, line: currency.line });
    }
    const list = child(statement, "BANKTRANLIST");
    if (!list) throw new Malformed({ code: "malformed", line: statement.line });
    const accountId = child(child(statement, "BANKACCTFROM") ?? statement, "ACCTID")?.value;
    const credits: OfxCredit[] = [];
    const lineOfFitId = new Map<string, number>();
    for (const transaction of children(list, "STMTTRN")) {
      const fitId = child(transaction, "FITID");
      if (fitId?.value) {
        if (lineOfFitId.has(fitId.value)) {
          throw new Malformed({ code: "duplicate-fitid", fitId: fitId.value, line: fitId.line });
        }
        lineOfFitId.set(fitId.value, fitId.line);
      }
      const credit = readTransaction(transaction);
      if (credit) credits.push(credit);
    }
    return { ok: true, account: accountId ? accountId.replace(/\D/g, "") : null, credits };
  } catch (error) {
    if (error instanceof Malformed) return { ok: false, problem: error.problem };
    throw error;
  }
}
