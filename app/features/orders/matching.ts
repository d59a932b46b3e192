// Which order each credit of a bank statement pays (issue 23, docs/decisions/153). Pure and
// cautious: a credit quoting an order's reference (the PIX txid) pays that order if the
// amount is exact; otherwise a credit pays the one order awaiting exactly that amount whose
// window (creation day to deadline day) holds the credit's day. Anything else is listed for
// staff, never guessed.
import { ORDER_REFERENCE_PATTERN, type OrderState } from "./model.ts";
import type { StatementCredit } from "./statement.server.ts";

export interface MatchableOrder {
  id: string;
  reference: string;
  state: OrderState;
  amountBrlCents: number;
  /** São Paulo dates, "YYYY-MM-DD". */
  createdOn: string;
  deadlineOn: string;
}

export type CreditMatch =
  | { kind: "known" }
  | { kind: "reference" | "amount"; orderId: string }
  | { kind: "ambiguous"; orderIds: string[] }
  | { kind: "unmatched" }
  /** Quotes an order that is no longer awaiting payment (paid, expired, cancelled...). */
  | { kind: "not-payable"; orderId: string; state: OrderState }
  /** Quotes an awaiting order but with another amount. */
  | { kind: "wrong-amount"; orderId: string };

export interface MatchedCredit {
  credit: StatementCredit;
  match: CreditMatch;
}

/** References quoted in a bank's text, in the order they appear. */
export function referencesIn(text: string): string[] {
  return text.toUpperCase().replace(/\s+/g, "").match(ORDER_REFERENCE_PATTERN) ?? [];
}

/**
 * The matcher of one statement against its orders: `first` is one credit's own match; `settle`
 * then keeps one payment per order. Two steps, so a caller can take the credits in slices
 * between other work (a statement holds thousands).
 */
export function creditMatcher(orders: readonly MatchableOrder[], knownKeys: ReadonlySet<string>) {
  const byReference = new Map(orders.map((order) => [order.reference, order]));
  const awaitingByAmount = new Map<number, MatchableOrder[]>();
  for (const order of orders) {
    if (order.state !== "awaiting-payment") continue;
    const list = awaitingByAmount.get(order.amountBrlCents) ?? [];
    list.push(order);
    awaitingByAmount.set(order.amountBrlCents, list);
  }

  const first = (credit: StatementCredit): CreditMatch => {
    if (knownKeys.has(credit.key)) return { kind: "known" };
    const quoted = referencesIn(credit.description)
      .map((reference) => byReference.get(reference))
      .find((order) => order !== undefined);
    if (quoted) {
      if (quoted.state !== "awaiting-payment") {
        return { kind: "not-payable", orderId: quoted.id, state: quoted.state };
      }
      if (quoted.amountBrlCents !== credit.amountCents) {
        return { kind: "wrong-amount", orderId: quoted.id };
      }
      return { kind: "reference", orderId: quoted.id };
    }
    const candidates = (awaitingByAmount.get(credit.amountCents) ?? []).filter(
      (order) => order.createdOn <= credit.postedOn && credit.postedOn <= order.deadlineOn,
    );
    if (candidates.length === 1 && candidates[0]) {
      return { kind: "amount", orderId: candidates[0].id };
    }
    if (candidates.length > 1) return { kind: "ambiguous", orderIds: candidates.map((o) => o.id) };
    return { kind: "unmatched" };
  };

  /** `matches[i]` is `first(credits[i])`. */
  const settle = (
    credits: readonly StatementCredit[],
    matches: readonly CreditMatch[],
  ): MatchedCredit[] => {
    // One order, one payment: a reference match wins over matches by amount; two credits
    // claiming the same order the same way are both left to staff.
    const claims = new Map<string, { reference: number[]; amount: number[] }>();
    matches.forEach((match, index) => {
      if (match.kind !== "reference" && match.kind !== "amount") return;
      const claim = claims.get(match.orderId) ?? { reference: [], amount: [] };
      claim[match.kind].push(index);
      claims.set(match.orderId, claim);
    });
    const final = [...matches];
    for (const [orderId, claim] of claims) {
      const winners = claim.reference.length > 0 ? claim.reference : claim.amount;
      const losers = claim.reference.length > 0 ? claim.amount : [];
      if (winners.length > 1) losers.push(...winners);
      for (const index of losers) final[index] = { kind: "ambiguous", orderIds: [orderId] };
    }
    return credits.map((credit, index) => ({
      credit,
      match: final[index] ?? { kind: "unmatched" },
    }));
  };

  return { first, settle };
}

export function matchCredits(
  credits: readonly StatementCredit[],
  orders: readonly MatchableOrder[],
  knownKeys: ReadonlySet<string>,
): MatchedCredit[] {
  const matcher = creditMatcher(orders, knownKeys);
  return matcher.settle(credits, credits.map(matcher.first));
}
