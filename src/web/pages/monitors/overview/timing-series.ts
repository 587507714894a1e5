import type { CheckResult } from '../../../../core/api/history';

export const TIMING_PARTS = [
  { key: 'dnsMs', label: 'DNS', color: '#38bdf8' },
  { key: 'connectMs', label: 'Connect', color: '#818cf8' },
  { key: 'tlsMs', label: 'TLS', color: '#c084fc' },
  { key: 'ttfbMs', label: 'Time to first byte', color: '#10b981' },
  { key: 'downloadMs', label: 'Download', color: '#fbbf24' },
] as const satisfies readonly { key: keyof CheckResult['timings']; label: string; color: string }[];

/** The drawn bands: the measured phases, then what no phase accounts for (all of a DNS lookup). */
export const CHART_PARTS = [...TIMING_PARTS, { key: 'otherMs', label: 'Other', color: '#94a3b8' }] as const;

export interface TimingSeries {
  /** Check times in seconds (uPlot's unit), oldest first. */
  times: number[];
  /** Each part's own milliseconds, in CHART_PARTS order. */
  parts: number[][];
  /** Running sums: stacked[i] is parts 0..i added up, the top edge of band i. */
  stacked: number[][];
  /** Total time of failed checks, null for the others: drawn as markers. */
  failures: (number | null)[];
}

/** Turns results (newest first, as the API sends them) into stacked chart columns. */
export function timingSeries(results: readonly CheckResult[]): TimingSeries {
  const ordered = [...results].reverse();
  const phases = TIMING_PARTS.map(({ key }) => ordered.map((result) => result.timings[key] ?? 0));
  const other = ordered.map((result, at) =>
    Math.max(0, result.totalMs - phases.reduce((sum, values) => sum + (values[at] ?? 0), 0)),
  );
  const parts = [...phases, other];
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
