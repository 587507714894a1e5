import type { CheckResult } from '../../../../core/api/history';
import type { KindChart } from '../kinds/chart-parts';

/** The response chart of checks from several regions: one line per region. */
export interface RegionSeries {
  /** Check times in seconds (uPlot's unit), oldest first, every region's checks together. */
  times: number[];
  /** The regions, by name. */
  regions: string[];
  /** Per region, its own checks' times; null at the other regions' checks (the line spans them). */
  lines: (number | null)[][];
  /** Each check's own time, whichever region made it. */
  totals: (number | null)[];
  /** Where a failed check's marker sits (its time, else the axis), null for the others. */
  failures: (number | null)[];
}

/** The regions the results were checked from, by name: more than one means a line per region. */
export function regionsOf(results: readonly CheckResult[]): string[] {
  return [...new Set(results.map((result) => result.region))].sort();
}

/** Turns results (newest first, as the API sends them) into a column per region. */
export function regionSeries(results: readonly CheckResult[], chart: KindChart): RegionSeries {
  const ordered = [...results].reverse();
  const regions = regionsOf(results);
  const totals = ordered.map(chart.checkMs);
  return {
    times: ordered.map((result) => result.checkedAt / 1000),
    regions,
    lines: regions.map((region) =>
      ordered.map((result, at) => (result.region === region ? (totals[at] ?? null) : null)),
    ),
    totals,
    failures: ordered.map((result, at) => (result.status === 'down' ? (totals[at] ?? 0) : null)),
  };
}

/**
 * A region's latest time at or before check `at`: the legend under the cursor reads each
 * region's last check, not a dash for every check another region made.
 */
export function latestOf(line: readonly (number | null)[], at: number): number | null {
  for (let index = at; index >= 0; index -= 1) {
    const value = line[index];
    if (value !== null && value !== undefined) return value;
  }
  return null;
}
