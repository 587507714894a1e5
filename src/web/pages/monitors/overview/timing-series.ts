import type { CheckResult } from '../../../../core/api/history';
import type { KindChart } from '../kinds/chart-parts';

export interface TimingSeries {
  /** Check times in seconds (uPlot's unit), oldest first. */
  times: number[];
  /** Each part's own milliseconds, in the kind's part order; null where a check measured none. */
  parts: (number | null)[][];
  /** Running sums: stacked[i] is parts 0..i added up, the top edge of band i. */
  stacked: (number | null)[][];
  /** The kind's spread, lowest and highest per check; null when it has none. */
  spread: { low: (number | null)[]; high: (number | null)[] } | null;
  /** The kind's percentage per check; null when it has none. */
  percent: (number | null)[] | null;
  /** Each check's own time. */
  totals: (number | null)[];
  /** Where a failed check's marker sits (its time, else the axis), null for the others. */
  failures: (number | null)[];
}

/** Turns results (newest first, as the API sends them) into the chart columns of the kind's series. */
export function timingSeries(results: readonly CheckResult[], chart: KindChart): TimingSeries {
  const ordered = [...results].reverse();
  const column = (value: (result: CheckResult) => number | null) => ordered.map(value);
  const parts = chart.parts.map((part) => column(part.ms));
  const stacked: (number | null)[][] = [];
  parts.forEach((values, index) => {
    const below = stacked[index - 1];
    stacked.push(values.map((value, at) => (value === null ? null : value + (below?.[at] ?? 0))));
  });
  const totals = column(chart.checkMs);
  return {
    times: ordered.map((result) => result.checkedAt / 1000),
    parts,
    stacked,
    spread: chart.spread ? { low: column(chart.spread.low.ms), high: column(chart.spread.high.ms) } : null,
    percent: chart.percent ? column(chart.percent.percent) : null,
    totals,
    failures: ordered.map((result, at) => (result.status === 'down' ? (totals[at] ?? 0) : null)),
  };
}

/**
 * The time axis's span in seconds, given the charted check times and uPlot's own span. uPlot
 * widens a zero-width domain (a single check) by 86,400 of its units, which in seconds is
 * 1,000 days, so checks all at one instant get `padSeconds` (the interval) on either side.
 */
export function timeRange(
  times: ArrayLike<number>,
  min: number,
  max: number,
  padSeconds: number,
): [number, number] {
  const first = times[0];
  if (first === undefined || first !== times[times.length - 1]) return [min, max];
  return [first - padSeconds, first + padSeconds];
}
