import { dayReader, dayText } from "./figures.ts";
import type { AccountKind, StatementFormat } from "./model.ts";

// Issue 38's "no cherry-picking" (docs/decisions/372): every account a robot's statements
// ever came from, stopped ones included, and the days no statement covers between the
// robot's fixed start and its latest statement, shown as gaps and never bridged.

/** One statement of the robot as the history reads it (times ISO 8601 in UTC). */
export interface HistoryStatement {
  id: string;
  account: string;
  broker: string;
  accountKind: AccountKind;
  format: StatementFormat;
  periodStart: string;
  periodEnd: string;
}

export interface RecordAccount {
  account: string;
  broker: string;
  accountKind: AccountKind;
  from: string;
  to: string;
  statements: number;
  /** The account of the statement the site shows now; the others have stopped. */
  current: boolean;
}

/** Whole São Paulo days without any statement, as "2026-03-04" (both ends included). */
export interface RecordGap {
  from: string;
  to: string;
  days: number;
}

export interface RecordHistory {
  /** The robot's fixed start, ISO 8601; null before its first publication. */
  startedAt: string | null;
  accounts: RecordAccount[];
  gaps: RecordGap[];
}

export function recordHistoryOf(
  startedAt: Date | null,
  statements: HistoryStatement[],
  currentStatementId: string | null,
): RecordHistory {
  const current = statements.find((s) => s.id === currentStatementId);
  const byAccount = new Map<string, RecordAccount>();
  for (const s of statements) {
    // The masked number with its broker names an account on the public page and in the log.
    const key = `${s.broker}\u0000${s.account}\u0000${s.format}`;
    const found = byAccount.get(key);
    if (found) {
      found.from = s.periodStart < found.from ? s.periodStart : found.from;
      found.to = s.periodEnd > found.to ? s.periodEnd : found.to;
      found.statements += 1;
    } else {
      byAccount.set(key, {
        account: s.account,
        broker: s.broker,
        accountKind: s.accountKind,
        from: s.periodStart,
        to: s.periodEnd,
        statements: 1,
        current: false,
      });
    }
  }
  if (current) {
    const shown = byAccount.get(`${current.broker}\u0000${current.account}\u0000${current.format}`);
    if (shown) shown.current = true;
  }
  const accounts = [...byAccount.values()].sort((a, b) => a.from.localeCompare(b.from));

  // The covered days: each statement from its first to its last day; a day between two
  // covered stretches that none covers is a gap.
  const dayOf = dayReader();
  const covered = statements
    .map((s) => [dayOf(Date.parse(s.periodStart)), dayOf(Date.parse(s.periodEnd))] as const)
    .sort((a, b) => a[0] - b[0]);
  const gaps: RecordGap[] = [];
  let reached: number | null = startedAt === null ? null : dayOf(startedAt.getTime());
  for (const [from, to] of covered) {
    if (reached !== null && from > reached + 1) {
      gaps.push({ from: dayText(reached + 1), to: dayText(from - 1), days: from - reached - 1 });
    }
    reached = reached === null ? to : Math.max(reached, to);
  }
  return { startedAt: startedAt?.toISOString() ?? null, accounts, gaps };
}
