// What the overview's response chart draws for a kind. Each kind lists the parts it measures, so
// a ping's chart names its round trip and a TCP check's legend has no download.
import type { CheckResult } from '../../../../core/api/history';
import { numberFormat } from '../../../lib/format';

/** A check's time in milliseconds; null when the check measured none (a ping with no reply). */
export type CheckMs = (result: CheckResult) => number | null;

export interface ChartPart {
  label: string;
  color: string;
  /** This part's own milliseconds in one check; the chart stacks the parts in list order. */
  ms: CheckMs;
  /** Drawn as a line, not a filled band, so the spread behind it stays visible. */
  line?: boolean;
}

/** Each check's lowest and highest time, shaded behind the parts (a ping's min and max round trip). */
export interface ChartSpread {
  color: string;
  low: { label: string; ms: CheckMs };
  high: { label: string; ms: CheckMs };
}

/** A percentage per check, drawn as bars against its own 0–100% axis (a ping's packet loss). */
export interface ChartPercent {
  label: string;
  color: string;
  percent: (result: CheckResult) => number | null;
}

/** Everything the response chart draws for one kind. */
export interface KindChart {
  parts: readonly ChartPart[];
  spread?: ChartSpread;
  percent?: ChartPercent;
  /** A check's own time: the summary's range and the height of a failed check's marker. */
  checkMs: CheckMs;
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

/** The whole check as one band, for a kind whose time is one measure (a lookup). */
export function wholePart(label: string, color: string): ChartPart {
  return { label, color, ms: (result) => result.totalMs };
}

/** What the given phases leave of a check's total, drawn on top of them. */
export function remainderPart(phases: readonly ChartPart[]): ChartPart {
  return {
    label: 'Other',
    color: '#94a3b8',
    ms: (result) =>
      Math.max(0, result.totalMs - phases.reduce((sum, part) => sum + (part.ms(result) ?? 0), 0)),
  };
}

export const DNS_COLOR = PHASE_COLORS.dnsMs;

/** "33.3%", "100%": whole percentages stay whole. */
export function formatShare(percent: number): string {
  return numberFormat({ style: 'percent', maximumFractionDigits: 1 }).format(percent / 100);
}
