import type { BalanceMark, CurvePoint, PerformanceRecord } from "./model.ts";

// The growth and drawdown curves as the SVG the record shows: computed from a record's curve
// once (docs/decisions/251), not at every render of the agent page.

export const CHART_WIDTH = 640;
export const CHART_HEIGHT = 160;
const PAD = 4;

/** What the chart draws: its two paths and the scale they were drawn to. */
export interface RecordChart {
  growthPath: string;
  drawdownPath: string;
  zeroY: number;
  minGrowthBps: number;
  maxGrowthBps: number;
  maxDrawdownBps: number;
  /** Deposits and withdrawals at their place on the time axis (issue 38). */
  marks: (BalanceMark & { x: number })[];
}

/** A record as a page shows it: its figures and its chart, without the curve's points. */
export type PageRecord = Omit<PerformanceRecord, "curve">;

function pathOf(points: CurvePoint[], value: (p: CurvePoint) => number, min: number, max: number) {
  const first = points[0]?.t ?? 0;
  const span = Math.max(1, (points.at(-1)?.t ?? 0) - first);
  const range = Math.max(1, max - min);
  return points
    .map((p, i) => {
      const x = ((p.t - first) / span) * CHART_WIDTH;
      const y = PAD + ((max - value(p)) / range) * (CHART_HEIGHT - 2 * PAD);
      return `${i ? "L" : "M"}${x.toFixed(1)} ${y.toFixed(1)}`;
    })
    .join("");
}

/** The chart of a curve, or null when it has fewer than two points. */
export function chartOf(points: CurvePoint[], marks: BalanceMark[] = []): RecordChart | null {
  if (points.length < 2) return null;
  let minGrowthBps = 0;
  let maxGrowthBps = 0;
  let maxDrawdownBps = 1;
  for (const p of points) {
    minGrowthBps = Math.min(minGrowthBps, p.growthBps);
    maxGrowthBps = Math.max(maxGrowthBps, p.growthBps);
    maxDrawdownBps = Math.max(maxDrawdownBps, p.drawdownBps);
  }
  const zeroY =
    PAD + (maxGrowthBps / Math.max(1, maxGrowthBps - minGrowthBps)) * (CHART_HEIGHT - 2 * PAD);
  return {
    growthPath: pathOf(points, (p) => p.growthBps, minGrowthBps, maxGrowthBps),
    drawdownPath: `${pathOf(points, (p) => -p.drawdownBps, -maxDrawdownBps, 0)}L${CHART_WIDTH} ${PAD}L0 ${PAD}Z`,
    zeroY,
    minGrowthBps,
    maxGrowthBps,
    maxDrawdownBps,
    marks: marks.map((mark) => {
      const first = points[0]?.t ?? 0;
      const span = Math.max(1, (points.at(-1)?.t ?? 0) - first);
      const x = Math.min(CHART_WIDTH, Math.max(0, ((mark.t - first) / span) * CHART_WIDTH));
      return { ...mark, x: Math.round(x * 10) / 10 };
    }),
  };
}

/** A record split into what a page shows: its figures and its chart. */
export function pageRecordOf({ curve, ...record }: PerformanceRecord): {
  record: PageRecord;
  chart: RecordChart | null;
} {
  return { record, chart: chartOf(curve, record.figures?.marks) };
}
