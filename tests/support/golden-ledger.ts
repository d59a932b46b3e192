import type { FixtureLedger } from "./statement-fixtures.ts";

// A quarter of one account, small enough to check by hand (the expected figures are in
// app/features/performance/statement.test.ts): a deposit in mid-February and a withdrawal in
// mid-March, a losing March, and a cancelled pending order.
export const goldenLedger: FixtureLedger = {
  account: "12345678",
  name: "Conta de Teste",
  currency: "USD",
  leverage: "1:100",
  company: "Corretora Exemplo Ltd.",
  kind: "real",
  balances: [
    { ticket: 1001, time: "2026.01.05 09:00:00", amount: 1_000_000, comment: "Deposit" },
    { ticket: 1005, time: "2026.02.14 12:00:00", amount: 500_000, comment: "Deposit" },
    { ticket: 1008, time: "2026.03.16 12:00:00", amount: -200_000, comment: "Withdrawal" },
  ],
  trades: [
    trade(1002, "2026.01.06 10:00:00", "2026.01.06 15:00:00", 25_000, -700, -150),
    trade(1003, "2026.01.20 10:00:00", "2026.01.21 11:00:00", -12_000, -700, 0),
    trade(1004, "2026.02.03 10:00:00", "2026.02.03 16:00:00", 30_000, -700, 0),
    trade(1006, "2026.02.20 10:00:00", "2026.02.20 18:00:00", 15_000, -700, -300),
    trade(1007, "2026.03.04 10:00:00", "2026.03.04 14:00:00", -30_000, -700, 0),
    trade(1009, "2026.03.25 10:00:00", "2026.03.25 17:00:00", -10_000, -700, 0),
  ],
  cancelled: [{ ticket: 1010, time: "2026.03.10 10:00:00", type: "buy limit", symbol: "usdjpy" }],
};

function trade(
  ticket: number,
  open: string,
  close: string,
  profit: number,
  commission: number,
  swap: number,
) {
  return {
    ticket,
    open,
    close,
    type: "buy" as const,
    size: "0.10",
    symbol: "usdjpy",
    openPrice: "150.100",
    closePrice: "150.400",
    commission,
    taxes: 0,
    swap,
    profit,
  };
}
