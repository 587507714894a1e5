import type { CheckResult } from '../../../../core/api/history';
import type { ChartPart } from '../kinds/chart-parts';

export interface TimingSeries {
  /** Check times in seconds (uPlot's unit), oldest first. */
  times: number[];
  /** Each part's own milliseconds, in the kind's part order. */
  parts: number[][];
  /** Running sums: stacked[i] is parts 0..i added up, the top edge of band i. */
  stacked: number[][];
  /** Total time of failed checks, null for the others: drawn as markers. */
  failures: (number | null)[];
}

/** Turns results (newest first, as the API sends them) into stacked chart columns of the kind's parts. */
export function timingSeries(
  results: readonly CheckResult[],
  chartParts: readonly ChartPart[],
): TimingSeries {
  const ordered = [...results].reverse();
  const parts = chartParts.map((part) => ordered.map((result) => part.ms(result)));
  const stacked: number[][] = [];
  parts.forEach((values, index) => {
    const below = stacked[index - 1];
    stacked.push(values.map((value, at) => value + (below?.[at] ?? 0)));
  });
  return {
    times: ordered.map((result) => result.checkedAt / 1000),
    parts,
    stacked,
    failures: ordered.map((result) => (result.status === 'down' ? result.totalMs : null)),
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
