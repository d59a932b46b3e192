import { describe, expect, it } from "vitest";
import { allMoves, movableFrom, transition, type Machine } from "./transitions.ts";

// The tables as a table: every (machine, move, state) the tables do not list is refused with
// the one Portuguese message, every listed one answers its target state.
const cells = allMoves();

describe("the sale's transition tables", () => {
  it.each(cells.filter((cell) => cell.to === null))(
    "refuse $machine $move from $from",
    ({ machine, move, from }) => {
      const result = transition(machine as "order", move as "pay", from as "paid");
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.message).toMatch(
        /^[A-ZÀ-Ú][^:]+: não é possível quando (o|a) [a-zçã]+ está "[^"]+"\.$/,
      );
      // The state is named in Portuguese, never as its code.
      expect(result.message).not.toContain(`"${from}"`);
    },
  );

  it.each(cells.filter((cell) => cell.to !== null))(
    "allow $machine $move from $from to $to",
    ({ machine, move, from, to }) => {
      expect(transition(machine as "order", move as "pay", from as "paid")).toEqual({
        ok: true,
        from,
        to,
      });
      expect(movableFrom(machine as Machine, move as "pay")).toContain(from);
    },
  );

  it("say the sale's rules where they matter", () => {
    // A refunded or ended subscription is never revived by a payment.
    for (const state of ["refunded", "ended"] as const) {
      expect(transition("subscription", "pay", state).ok).toBe(false);
      expect(transition("subscription", "reactivate", state).ok).toBe(false);
    }
    expect(transition("order", "pay", "refunded")).toEqual({
      ok: false,
      from: "refunded",
      message: 'Pagamento: não é possível quando o pedido está "Reembolsado".',
    });
    expect(transition("order", "pay", "cancelled").ok).toBe(false);
    expect(transition("charge", "pay", "void").ok).toBe(false);
    expect(cells.filter((cell) => cell.to !== null).length).toBeGreaterThan(20);
  });
});
