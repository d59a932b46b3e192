import type {
  BalanceOperation,
  CashEvent,
  ClosedTrade,
  ParsedStatement,
  ServerTime,
  StatementHeader,
  StatementSummary,
} from "./model.ts";
import {
  leadingAmount,
  parseCents,
  parseScaled,
  parseServerTime,
  percentInBps,
} from "./numbers.ts";
import {
  decodeStatement,
  readLimits,
  readStatementHtml,
  type StatementDocument,
} from "./statement-html.ts";

// A MetaTrader statement (MT4 "Detailed Statement", MT5 "Trade History Report") read into a
// ledger: closed trades, balance operations and the balance changes in order of time, with
// the header and the statement's own summary lines (docs/decisions/130). Columns are found
// by their header names, not their positions.

export type StatementProblem =
  | {
      code:
        | "empty"
        | "not-a-statement"
        | "no-summary"
        | "no-trades"
        | "too-many-rows"
        | "too-slow"
        | "out-of-memory";
    }
  | { code: "bad-number"; value: string; where: string }
  | { code: "bad-time"; value: string; where: string }
  | { code: "duplicate-ticket"; ticket: string }
  | { code: "unknown-type"; type: string; ticket: string };

export type ParseResult =
  { ok: true; statement: ParsedStatement } | { ok: false; problem: StatementProblem };

class ProblemError extends Error {
  readonly problem: StatementProblem;
  constructor(problem: StatementProblem) {
    super(problem.code);
    this.problem = problem;
  }
}

function fail(problem: StatementProblem): never {
  throw new ProblemError(problem);
}

const key = (text: string) => text.toLowerCase().replace(/\s+/g, " ").replace(/:$/, "").trim();

/** A row holding only a section title, such as "Closed Transactions:" or "Deals". */
function isTitleRow(row: readonly string[], titles: ReadonlySet<string>): boolean {
  let text: string | undefined;
  for (const cell of row) {
    if (cell === "") continue;
    if (text !== undefined) return false;
    text = cell;
  }
  return text !== undefined && titles.has(key(text));
}

function findTitle(rows: readonly string[][], title: string, from = 0): number {
  const titles = new Set([title]);
  for (let i = from; i < rows.length; i++) {
    const row = rows[i];
    if (row && isTitleRow(row, titles)) return i;
  }
  return -1;
}

/** Column positions by header name; a repeated name ("Price", "Time") gets "#2", "#3"... */
function columns(header: readonly string[]): Map<string, number> {
  const map = new Map<string, number>();
  header.forEach((cell, index) => {
    const name = key(cell);
    if (!name) return;
    let label = name;
    for (let n = 2; map.has(label); n++) label = `${name}#${n}`;
    map.set(label, index);
  });
  return map;
}

function column(map: Map<string, number>, ...names: string[]): number {
  for (const name of names) {
    const index = map.get(name);
    if (index !== undefined) return index;
  }
  return -1;
}

function cellAt(row: readonly string[], index: number): string {
  return index < 0 ? "" : (row[index] ?? "");
}

function money(text: string, where: string, { optional = false } = {}): bigint {
  if (text === "" && optional) return 0n;
  const value = parseCents(leadingAmount(text));
  if (value === null) fail({ code: "bad-number", value: text.slice(0, 40), where });
  return value;
}

function time(text: string, where: string): ServerTime {
  const value = parseServerTime(text);
  if (!value) fail({ code: "bad-time", value: text.slice(0, 40), where });
  return value;
}

/** Label -> the next non-empty cell's text, for every "Label:" cell of these rows. */
function labelValues(rows: readonly string[][]): Map<string, string> {
  const values = new Map<string, string>();
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) {
      const cell = row[i] ?? "";
      if (!cell.endsWith(":")) continue;
      const next = row.slice(i + 1).find((text) => text !== "");
      if (next !== undefined && !next.endsWith(":") && !values.has(key(cell))) {
        values.set(key(cell), next);
      }
    }
  }
  return values;
}

function summaryFrom(values: Map<string, string>): StatementSummary {
  const amount = (label: string): bigint | null => {
    const text = values.get(label);
    if (text === undefined) return null;
    return money(text, label);
  };
  const grossLoss = amount("gross loss");
  const profitFactorText = values.get("profit factor");
  const profitFactor =
    profitFactorText === undefined ? null : parseScaled(profitFactorText.trim(), 2);
  const drawdown = values.get("equity drawdown maximal");
  return {
    grossProfit: amount("gross profit"),
    // MT4 prints the gross loss without its sign.
    grossLoss: grossLoss === null ? null : grossLoss > 0n ? -grossLoss : grossLoss,
    totalNetProfit: amount("total net profit"),
    profitFactor,
    balance: amount("balance"),
    depositWithdrawal: amount("deposit/withdrawal"),
    closedTradePl: amount("closed trade p/l"),
    floatingPl: amount("floating p/l"),
    equity: amount("equity"),
    equityDrawdownBps: drawdown === undefined ? null : percentInBps(drawdown),
  };
}

function requireSummary(summary: StatementSummary): void {
  if (
    summary.grossProfit === null ||
    summary.grossLoss === null ||
    summary.totalNetProfit === null ||
    summary.balance === null
  ) {
    fail({ code: "no-summary" });
  }
}

const PENDING_TYPES = new Set([
  "buy limit",
  "sell limit",
  "buy stop",
  "sell stop",
  "buy stop limit",
  "sell stop limit",
]);
const CANCELLED_WORDS = new Set(["cancelled", "canceled", "deleted", "expired", "rejected"]);

function balanceOperation(
  ticket: string,
  when: ServerTime,
  type: string,
  amount: bigint,
  comment: string,
): BalanceOperation {
  const kind = type === "credit" ? "credit" : amount < 0n ? "withdrawal" : "deposit";
  return { ticket, time: when, kind, amount, comment: comment.slice(0, 200) };
}

function parseMt4(document: StatementDocument): ParsedStatement {
  const { rows } = document;
  const start = findTitle(rows, "closed transactions");
  const headerIndex = rows.findIndex((row, i) => i > start && key(row[0] ?? "") === "ticket");
  const header = rows[headerIndex];
  if (!header) fail({ code: "not-a-statement" });
  const cols = columns(header);
  const at = {
    ticket: column(cols, "ticket"),
    openTime: column(cols, "open time"),
    type: column(cols, "type"),
    size: column(cols, "size", "volume", "lots"),
    symbol: column(cols, "item", "symbol"),
    openPrice: column(cols, "price"),
    closeTime: column(cols, "close time"),
    closePrice: column(cols, "price#2"),
    commission: column(cols, "commission"),
    taxes: column(cols, "taxes"),
    swap: column(cols, "swap"),
    profit: column(cols, "profit"),
  };
  if (at.type < 0 || at.profit < 0 || at.closeTime < 0) fail({ code: "not-a-statement" });

  const sectionEnds = new Set(["open trades", "working orders", "summary", "details"]);
  const trades: ClosedTrade[] = [];
  const operations: BalanceOperation[] = [];
  const events: CashEvent[] = [];
  const tickets = new Set<string>();
  let cancelled = 0;
  let index = headerIndex + 1;
  for (; index < rows.length; index++) {
    const row = rows[index] ?? [];
    if (isTitleRow(row, sectionEnds)) break;
    const ticket = cellAt(row, at.ticket);
    if (!/^\d+$/.test(ticket)) continue;
    const type = cellAt(row, at.type).toLowerCase();
    const where = `ticket ${ticket}`;
    if (PENDING_TYPES.has(type) || row.some((cell) => CANCELLED_WORDS.has(cell.toLowerCase()))) {
      cancelled++;
      continue;
    }
    if (tickets.has(ticket)) fail({ code: "duplicate-ticket", ticket });
    tickets.add(ticket);
    const opened = time(cellAt(row, at.openTime), where);
    if (type === "balance" || type === "credit") {
      const amount = money(cellAt(row, at.profit), where);
      const comment = row.slice(at.type + 1, at.profit).find((cell) => cell !== "") ?? "";
      const operation = balanceOperation(ticket, opened, type, amount, comment);
      operations.push(operation);
      events.push({ time: opened, kind: operation.kind, amount, reference: ticket });
      continue;
    }
    if (type !== "buy" && type !== "sell")
      fail({ code: "unknown-type", type: type.slice(0, 30), ticket });
    const trade: ClosedTrade = {
      ticket,
      openTime: opened,
      closeTime: time(cellAt(row, at.closeTime), where),
      type,
      size: cellAt(row, at.size),
      symbol: cellAt(row, at.symbol),
      openPrice: cellAt(row, at.openPrice),
      closePrice: cellAt(row, at.closePrice),
      commission: money(cellAt(row, at.commission), where, { optional: true }),
      taxes: money(cellAt(row, at.taxes), where, { optional: true }),
      swap: money(cellAt(row, at.swap), where, { optional: true }),
      profit: money(cellAt(row, at.profit), where),
    };
    trades.push(trade);
    events.push({
      time: trade.closeTime,
      kind: "trade",
      amount: trade.commission + trade.taxes + trade.swap + trade.profit,
      reference: ticket,
    });
  }

  let openTrades = 0;
  const openStart = findTitle(rows, "open trades", index);
  if (openStart >= 0) {
    for (let i = openStart + 1; i < rows.length; i++) {
      const row = rows[i] ?? [];
      if (isTitleRow(row, new Set(["working orders", "summary", "details"]))) break;
      if (/^\d+$/.test(row[0] ?? "") && parseServerTime(row[1] ?? "")) openTrades++;
    }
  }

  const summary = summaryFrom(labelValues(rows.slice(index)));
  requireSummary(summary);
  const headerCells = rows.slice(0, Math.max(start, 0)).flat();
  const field = (...labels: string[]) => {
    for (const cell of headerCells) {
      for (const label of labels) {
        if (cell.toLowerCase().startsWith(label)) return cell.slice(label.length).trim();
      }
    }
    return "";
  };
  const titleMatch = /^Statement:\s*(\S+)\s*-\s*(.*)$/i.exec(document.title);
  const statementHeader: StatementHeader = {
    accountNumber: field("account:", "a/c no:") || (titleMatch?.[1] ?? ""),
    name: field("name:") || (titleMatch?.[2] ?? ""),
    currency: field("currency:").toUpperCase(),
    leverage: field("leverage:") || null,
    company: document.looseText[0] ?? null,
    declaredKind: null,
  };
  return {
    format: "mt4",
    header: statementHeader,
    trades,
    balanceOperations: operations,
    cashEvents: events,
    summary,
    cancelledOrders: cancelled,
    openTrades,
  };
}

const MT5_SECTIONS = new Set([
  "positions",
  "orders",
  "deals",
  "open positions",
  "working orders",
  "summary",
  "results",
]);

function mt5Section(
  rows: readonly string[][],
  title: string,
): { header: string[]; body: string[][] } | null {
  const start = findTitle(rows, title);
  if (start < 0) return null;
  const header = rows[start + 1];
  if (!header) return null;
  const body: string[][] = [];
  for (let i = start + 2; i < rows.length; i++) {
    const row = rows[i] ?? [];
    if (isTitleRow(row, MT5_SECTIONS)) break;
    body.push(row);
  }
  return { header, body };
}

function parseMt5(document: StatementDocument): ParsedStatement {
  const { rows } = document;
  const positions = mt5Section(rows, "positions");
  const deals = mt5Section(rows, "deals");
  if (!positions || !deals) fail({ code: "not-a-statement" });

  const p = columns(positions.header);
  const pos = {
    openTime: column(p, "time"),
    id: column(p, "position"),
    symbol: column(p, "symbol"),
    type: column(p, "type"),
    volume: column(p, "volume"),
    openPrice: column(p, "price"),
    closeTime: column(p, "time#2"),
    closePrice: column(p, "price#2"),
    commission: column(p, "commission"),
    swap: column(p, "swap"),
    profit: column(p, "profit"),
  };
  if (pos.id < 0 || pos.profit < 0 || pos.closeTime < 0) fail({ code: "not-a-statement" });
  const trades: ClosedTrade[] = [];
  const positionIds = new Set<string>();
  for (const row of positions.body) {
    const openTime = parseServerTime(cellAt(row, pos.openTime));
    if (!openTime) continue;
    const ticket = cellAt(row, pos.id);
    const where = `position ${ticket}`;
    if (positionIds.has(ticket)) fail({ code: "duplicate-ticket", ticket });
    positionIds.add(ticket);
    const type = cellAt(row, pos.type).toLowerCase();
    if (type !== "buy" && type !== "sell")
      fail({ code: "unknown-type", type: type.slice(0, 30), ticket });
    trades.push({
      ticket,
      openTime,
      closeTime: time(cellAt(row, pos.closeTime), where),
      type,
      size: cellAt(row, pos.volume),
      symbol: cellAt(row, pos.symbol),
      openPrice: cellAt(row, pos.openPrice),
      closePrice: cellAt(row, pos.closePrice),
      commission: money(cellAt(row, pos.commission), where, { optional: true }),
      taxes: 0n,
      swap: money(cellAt(row, pos.swap), where, { optional: true }),
      profit: money(cellAt(row, pos.profit), where),
    });
  }

  const d = columns(deals.header);
  const deal = {
    time: column(d, "time"),
    id: column(d, "deal"),
    type: column(d, "type"),
    commission: column(d, "commission"),
    fee: column(d, "fee"),
    swap: column(d, "swap"),
    profit: column(d, "profit"),
    balance: column(d, "balance"),
    comment: column(d, "comment"),
  };
  if (deal.id < 0 || deal.profit < 0 || deal.balance < 0) fail({ code: "not-a-statement" });
  const operations: BalanceOperation[] = [];
  const events: CashEvent[] = [];
  const dealIds = new Set<string>();
  for (const row of deals.body) {
    const when = parseServerTime(cellAt(row, deal.time));
    if (!when) continue;
    const ticket = cellAt(row, deal.id);
    const where = `deal ${ticket}`;
    if (dealIds.has(ticket)) fail({ code: "duplicate-ticket", ticket });
    dealIds.add(ticket);
    const type = cellAt(row, deal.type).toLowerCase();
    const profit = money(cellAt(row, deal.profit), where);
    const statementBalance = money(cellAt(row, deal.balance), where);
    if (type === "balance" || type === "credit" || type === "bonus") {
      const operation = balanceOperation(ticket, when, type, profit, cellAt(row, deal.comment));
      operations.push(operation);
      events.push({
        time: when,
        kind: operation.kind,
        amount: profit,
        statementBalance,
        reference: ticket,
      });
      continue;
    }
    const amount =
      profit +
      money(cellAt(row, deal.commission), where, { optional: true }) +
      money(cellAt(row, deal.fee), where, { optional: true }) +
      money(cellAt(row, deal.swap), where, { optional: true });
    events.push({ time: when, kind: "trade", amount, statementBalance, reference: ticket });
  }

  let cancelled = 0;
  const orders = mt5Section(rows, "orders");
  if (orders) {
    const state = column(columns(orders.header), "state");
    for (const row of orders.body) {
      if (CANCELLED_WORDS.has(cellAt(row, state).toLowerCase())) cancelled++;
    }
  }
  const open = mt5Section(rows, "open positions");
  const openTrades = open ? open.body.filter((row) => parseServerTime(row[0] ?? "")).length : 0;

  const summary = summaryFrom(labelValues(rows.slice(findFirstSummary(rows))));
  requireSummary(summary);

  const headerValues = labelValues(rows.slice(0, findTitle(rows, "positions")));
  const account = headerValues.get("account") ?? "";
  const accountMatch = /^(\S+)\s*\(([^)]*)\)/.exec(account);
  const details = (accountMatch?.[2] ?? "").split(",").map((part) => part.trim());
  const kindText = details
    .map((part) => part.toLowerCase())
    .find((part) => part === "real" || part === "demo" || part === "contest");
  return {
    format: "mt5",
    header: {
      accountNumber: accountMatch?.[1] ?? account,
      name: headerValues.get("name") ?? "",
      currency: (details[0] ?? "").toUpperCase(),
      leverage: headerValues.get("leverage") ?? null,
      company: headerValues.get("company") ?? null,
      declaredKind: kindText === "real" ? "real" : kindText ? "demo" : null,
    },
    trades,
    balanceOperations: operations,
    cashEvents: events,
    summary,
    cancelledOrders: cancelled,
    openTrades,
  };
}

/** Where MT5's summary blocks start: the first of "Summary" and "Results" (none: the end). */
function findFirstSummary(rows: readonly string[][]): number {
  const found = [findTitle(rows, "summary"), findTitle(rows, "results")].filter((i) => i >= 0);
  return found.length ? Math.min(...found) : rows.length;
}

function detectFormat(document: StatementDocument): "mt4" | "mt5" | null {
  const { rows } = document;
  if (findTitle(rows, "closed transactions") >= 0) return "mt4";
  if (findTitle(rows, "positions") >= 0 && findTitle(rows, "deals") >= 0) return "mt5";
  return null;
}

/** Reads a statement file's bytes into its ledger, or says what is wrong with it. */
export async function parseStatement(bytes: Uint8Array, limits = readLimits): Promise<ParseResult> {
  const read = await readStatementHtml(decodeStatement(bytes, limits.sliceBytes), limits);
  if (!read.ok) return { ok: false, problem: { code: read.reason } };
  const format = detectFormat(read.document);
  if (!format) return { ok: false, problem: { code: "not-a-statement" } };
  try {
    const statement = format === "mt4" ? parseMt4(read.document) : parseMt5(read.document);
    if (statement.trades.length === 0) return { ok: false, problem: { code: "no-trades" } };
    return { ok: true, statement };
  } catch (error) {
    if (error instanceof ProblemError) return { ok: false, problem: error.problem };
    throw error;
  }
}
