// The domain values of verified performance (issue 22): what a MetaTrader statement yields
// once parsed, and the record computed from it. No imports: db/schema.ts and the pages
// read these.

export const statementFormats = ["mt4", "mt5"] as const;
export type StatementFormat = (typeof statementFormats)[number];

export const accountKinds = ["real", "demo"] as const;
export type AccountKind = (typeof accountKinds)[number];

/** Account currencies staff may declare for a robot's account. */
export const accountCurrencies = ["USD", "EUR", "GBP", "BRL", "JPY", "CHF", "AUD", "CAD"] as const;

/**
 * The broker server's clock (the statement's times are in it and the file does not say
 * which): a fixed offset from UTC, or "ny-close", UTC+2 in winter and UTC+3 while the
 * United States keep summer time (the "New York close" convention of most Forex brokers).
 */
export const serverClocks = [
  "ny-close",
  "+00:00",
  "+01:00",
  "+02:00",
  "+03:00",
  "+04:00",
  "-03:00",
  "-04:00",
  "-05:00",
] as const;
export type ServerClock = (typeof serverClocks)[number];

/** A time as the statement writes it, in the broker server's clock. */
export interface ServerTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export interface ClosedTrade {
  ticket: string;
  openTime: ServerTime;
  closeTime: ServerTime;
  type: "buy" | "sell";
  size: string;
  symbol: string;
  openPrice: string;
  closePrice: string;
  commission: bigint;
  taxes: bigint;
  swap: bigint;
  profit: bigint;
}

export type BalanceOperationKind = "deposit" | "withdrawal" | "credit";

export interface BalanceOperation {
  ticket: string;
  time: ServerTime;
  kind: BalanceOperationKind;
  /** Signed cents: a withdrawal is negative. */
  amount: bigint;
  comment: string;
}

/**
 * One change of the account's balance, in the statement's order of time: a closed trade's
 * result (MT4) or a deal's (MT5), or a balance operation. `statementBalance` is the balance
 * the file prints after it (MT5's Deals table), when it prints one.
 */
export interface CashEvent {
  time: ServerTime;
  /**
   * "restart" only in a combination of statements (docs/decisions/430): after days no
   * statement covers, the next statement's opening balance, never counted as a return.
   */
  kind: "trade" | BalanceOperationKind | "restart";
  amount: bigint;
  statementBalance?: bigint;
  reference: string;
}

/** The statement's own summary lines, in cents (profit factor in hundredths). */
export interface StatementSummary {
  grossProfit: bigint | null;
  grossLoss: bigint | null;
  totalNetProfit: bigint | null;
  profitFactor: bigint | null;
  balance: bigint | null;
  depositWithdrawal: bigint | null;
  closedTradePl: bigint | null;
  floatingPl: bigint | null;
  equity: bigint | null;
  /** Equity drawdown as the statement states it, in basis points (MT5 only). */
  equityDrawdownBps: number | null;
}

export interface StatementHeader {
  accountNumber: string;
  name: string;
  currency: string;
  leverage: string | null;
  company: string | null;
  /** "real" or "demo" when the file says so (MT5's account line). */
  declaredKind: AccountKind | null;
}

export interface ParsedStatement {
  format: StatementFormat;
  header: StatementHeader;
  trades: ClosedTrade[];
  balanceOperations: BalanceOperation[];
  cashEvents: CashEvent[];
  summary: StatementSummary;
  cancelledOrders: number;
  openTrades: number;
}

export const reconciliationChecks = [
  "grossProfit",
  "grossLoss",
  "totalNetProfit",
  "profitFactor",
  "depositWithdrawal",
  "balance",
  "runningBalance",
  "openingBalance",
] as const;
export type ReconciliationCheck = (typeof reconciliationChecks)[number];

/**
 * One line of the reconciliation: our figure from the ledger and the statement's own.
 * Amounts in cents, the profit factor in hundredths, runningBalance in rows that differ.
 */
export interface ReconciliationLine {
  check: ReconciliationCheck;
  ours: number | null;
  statement: number | null;
  ok: boolean;
  /** In a record combined from statements: which one (1 = the earliest), docs/decisions/430. */
  part?: number;
}

export interface MonthlyReturn {
  year: number;
  month: number;
  /** Time-weighted return in basis points (1234 = 12,34 %). */
  returnBps: number;
}

export interface CurvePoint {
  /** Unix time in seconds. */
  t: number;
  /** Cumulative time-weighted growth in basis points. */
  growthBps: number;
  /** Drawdown from the previous peak of the growth curve, in basis points (>= 0). */
  drawdownBps: number;
}

/** A deposit or withdrawal, marked on the curve (issue 38); amount in signed cents. */
export interface BalanceMark {
  /** Unix time in seconds. */
  t: number;
  kind: "deposit" | "withdrawal";
  amount: number;
}

/** A return over a stated period (times ISO 8601 in UTC). */
export interface RecordPeriodReturn {
  from: string;
  to: string;
  returnBps: number;
}

/**
 * The figures of issue 38 beside the returns (docs/decisions/373). Ratios in hundredths
 * (247 = 2,47), money in cents, days as "2026-03-04" (São Paulo calendar days).
 */
export interface RecordFigures {
  /** The ANBIMA periods: the record's last month, its year to date, 12 months, since start. */
  lastMonth: (RecordPeriodReturn & { year: number; month: number }) | null;
  yearToDate: RecordPeriodReturn & { year: number };
  /** Null while the record has fewer than 12 months. */
  twelveMonths: RecordPeriodReturn | null;
  sinceStart: RecordPeriodReturn;
  /** The deepest fall of the trades' cumulative result from a previous high, in cents. */
  maxTradingDrawdown: number;
  /** Net result / maxTradingDrawdown; null without a fall. */
  recoveryFactor: number | null;
  sharpe: number | null;
  sortino: number | null;
  /** How many monthly returns the Sharpe and Sortino ratios use. */
  monthsCounted: number;
  worstDay: { day: string; returnBps: number } | null;
  worstWeek: { from: string; to: string; returnBps: number } | null;
  worstMonth: { year: number; month: number; returnBps: number } | null;
  /** The longest stretch below a previous peak; `to` null while still below it. */
  longestUnderwater: { from: string; to: string | null; days: number } | null;
  marks: BalanceMark[];
}

/**
 * What the public page shows of one statement, computed from its ledger at upload. Amounts
 * are integer cents of `currency`; returns in basis points; times ISO 8601 in UTC.
 */
export interface PerformanceRecord {
  format: StatementFormat;
  accountNumberMasked: string;
  accountName: string;
  currency: string;
  leverage: string | null;
  company: string | null;
  declaredKind: AccountKind | null;
  periodStart: string;
  periodEnd: string;
  lastTradeAt: string | null;
  trades: number;
  wins: number;
  losses: number;
  winRateBps: number | null;
  grossProfit: number;
  grossLoss: number;
  netProfit: number;
  averageWin: number | null;
  averageLoss: number | null;
  /** Hundredths: 247 = 2,47; null without a losing trade. */
  profitFactor: number | null;
  deposits: number;
  withdrawals: number;
  credits: number;
  finalBalance: number;
  floatingPl: number | null;
  totalReturnBps: number;
  twelveMonthReturnBps: number | null;
  maxDrawdownBps: number;
  equityDrawdownBps: number | null;
  monthly: MonthlyReturn[];
  yearly: { year: number; returnBps: number }[];
  curve: CurvePoint[];
  cancelledOrders: number;
  openTrades: number;
  reconciliation: ReconciliationLine[];
  reconciled: boolean;
  /** Absent from records computed before issue 38's figures. */
  figures?: RecordFigures;
}

/** What a publication row does: show its statement, or withdraw the robot's record (issue 38). */
export const publicationActions = ["publish", "withdraw"] as const;
export type PublicationAction = (typeof publicationActions)[number];

/** The events the public record log keeps, one entry each (issue 38, docs/decisions/370). */
export const recordLogKinds = ["statement", "publication", "withdrawal"] as const;
export type RecordLogKind = (typeof recordLogKinds)[number];
