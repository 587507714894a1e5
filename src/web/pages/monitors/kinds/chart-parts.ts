// The bands of the overview's response chart. Each kind lists the parts it measures, so a
// ping's chart names its round trip and a TCP check's legend has no download.
import type { CheckResult } from '../../../../core/api/history';

export interface ChartPart {
  label: string;
  color: string;
  /** This part's own milliseconds in one check; the chart stacks the parts in list order. */
  ms: (result: CheckResult) => number;
}

type Phase = keyof CheckResult['timings'];

// One colour per phase whatever a kind calls it, so "TLS" and "TLS handshake" look alike.
const PHASE_COLORS = {
  dnsMs: '#38bdf8',
  connectMs: '#818cf8',
  tlsMs: '#c084fc',
  ttfbMs: '#10b981',
  downloadMs: '#fbbf24',
} as const satisfies Record<Phase, string>;

/** A phase of the stored timing breakdown, under the kind's own name for it. */
export function phasePart(phase: Phase, label: string): ChartPart {
  return { label, color: PHASE_COLORS[phase], ms: (result) => result.timings[phase] ?? 0 };
}

/** The whole check as one band, for a kind whose time is one measure (a lookup, a round trip). */
export function wholePart(label: string, color: string): ChartPart {
  return { label, color, ms: (result) => result.totalMs };
}

/** What the given phases leave of a check's total, drawn on top of them. */
export function remainderPart(phases: readonly ChartPart[]): ChartPart {
  return {
    label: 'Other',
    color: '#94a3b8',
    ms: (result) => Math.max(0, result.totalMs - phases.reduce((sum, part) => sum + part.ms(result), 0)),
  };
}

export const DNS_COLOR = PHASE_COLORS.dnsMs;
