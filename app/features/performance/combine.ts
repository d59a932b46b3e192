import { computeRecord, openingBalance, type ComputeResult } from "./compute.ts";
import type {
  CashEvent,
  ClosedTrade,
  ParsedStatement,
  ReconciliationLine,
  ServerClock,
} from "./model.ts";
import { serverTimeToEpochMs } from "./server-clock.ts";

// A robot's account record made of the statements published for it (docs/decisions/430):
// brokers e-mail one statement a day or a month, each of its own period. The record is their
// union in order of time, each trade and each deal counted once by its ticket where two
// statements overlap; days none of them covers are a gap, which is never bridged; and each
// statement is reconciled with its own summary and with the balance the ones before it left.

export interface StatementPart {
  statement: ParsedStatement;
}

const DAY_MS = 86_400_000;

export function combineStatements(parts: StatementPart[], clock: ServerClock): ComputeResult {
  const [only] = parts;
  if (!only) throw new Error("a record needs at least one statement");
  if (parts.length === 1) return computeRecord(only.statement, clock);
  // Each on its own first: a statement that cannot be computed cannot be part of a record.
  const own: {
    statement: ParsedStatement;
    lines: ReconciliationLine[];
    from: number;
    to: number;
  }[] = [];
  for (const { statement } of parts) {
    // A statement of a period without any row adds nothing to the record.
    if (statement.cashEvents.length === 0) continue;
    const computed = computeRecord(statement, clock);
    if (!computed.ok) return computed;
    const times = statement.cashEvents.map((event) => serverTimeToEpochMs(event.time, clock));
    own.push({
      statement,
      lines: computed.record.reconciliation,
      from: Math.min(...times),
      to: Math.max(...times),
    });
  }
  own.sort((a, b) => a.from - b.from || a.to - b.to);

  const trades: ClosedTrade[] = [];
  const events: CashEvent[] = [];
  const tradeTickets = new Set<string>();
  const eventReferences = new Set<string>();
  const reconciliation: ReconciliationLine[] = [];
  let balance = 0n;
  let reached: number | null = null;
  let cancelledOrders = 0;
  own.forEach((part, index) => {
    const { statement } = part;
    const fresh = statement.cashEvents.filter((event) => !eventReferences.has(event.reference));
    const seen = statement.cashEvents.filter((event) => eventReferences.has(event.reference));
    // The balance this statement says it starts from, moved by the rows an earlier statement
    // already listed, is where the union must stand before its new rows.
    const expected =
      openingBalance(statement) +
      seen.filter((event) => event.kind !== "credit").reduce((sum, e) => sum + e.amount, 0n);
    const first = statement.cashEvents.reduce((earliest, event) =>
      serverTimeToEpochMs(event.time, clock) < serverTimeToEpochMs(earliest.time, clock)
        ? event
        : earliest,
    );
    // More than a day without any row between two statements: the history may miss rows.
    const gap = reached !== null && part.from - reached > DAY_MS;
    const restarts = expected !== balance && (index === 0 || gap);
    const before = balance;
    if (restarts) {
      // The first statement opens with what the account had; after a gap the balance may
      // have moved in days no statement shows. The record starts again from the statement's
      // opening balance, never counting the difference as a return.
      events.push({
        time: first.time,
        kind: "restart",
        amount: expected - balance,
        reference: `restart-${index + 1}`,
      });
      balance = expected;
    }
    if (index > 0) {
      // Contiguous statements must continue each other exactly; across a gap the difference
      // is shown, not counted.
      reconciliation.push({
        check: "openingBalance",
        ours: Number(before),
        statement: Number(expected),
        ok: before === expected || restarts,
        part: index + 1,
      });
    }
    for (const line of part.lines) reconciliation.push({ ...line, part: index + 1 });
    for (const event of fresh) {
      eventReferences.add(event.reference);
      events.push(event);
      if (event.kind !== "credit") balance += event.amount;
    }
    for (const trade of statement.trades) {
      if (tradeTickets.has(trade.ticket)) continue;
      tradeTickets.add(trade.ticket);
      trades.push(trade);
    }
    cancelledOrders += statement.cancelledOrders;
    reached = reached === null ? part.to : Math.max(reached, part.to);
  });

  const last = own.at(-1)?.statement;
  if (!last) return computeRecord(only.statement, clock);
  const union: ParsedStatement = {
    format: last.format,
    header: last.header,
    trades,
    balanceOperations: own.flatMap((part) => part.statement.balanceOperations),
    cashEvents: events,
    // The union has no summary of its own: each statement's was reconciled above.
    summary: { ...last.summary, balance: null },
    cancelledOrders,
    openTrades: last.openTrades,
  };
  const computed = computeRecord(union, clock);
  if (!computed.ok) return computed;
  computed.record.reconciliation = reconciliation;
  computed.record.reconciled = reconciliation.every((line) => line.ok);
  // An equity drawdown is one statement's figure; a union of several has none it can show.
  computed.record.equityDrawdownBps = null;
  return computed;
}
