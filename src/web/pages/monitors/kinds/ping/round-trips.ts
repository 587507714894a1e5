// A ping check's round trips and packet loss as the monitor page reads them. Its totalMs is the
// average rounded to whole milliseconds, 0 on a loopback and 0 again when no packet came back,
// so the page reads the precise figures the check carries instead.
import type { CheckResult } from '../../../../../core/api/history';
import {
  type ChartPart,
  type ChartPercent,
  type ChartSpread,
  type CheckMs,
  formatShare,
} from '../chart-parts';

const COLOR = '#10b981';

/** Null when no packet came back, or the ping never ran (its host did not resolve). */
export const averageRoundTrip: CheckMs = (result) => result.ping?.rttAvgMs ?? null;

export const ROUND_TRIP: ChartPart = {
  label: 'Round trip (avg)',
  color: COLOR,
  ms: averageRoundTrip,
  line: true,
};

export const ROUND_TRIP_SPREAD: ChartSpread = {
  color: COLOR,
  low: { label: 'Min', ms: (result) => result.ping?.rttMinMs ?? null },
  high: { label: 'Max', ms: (result) => result.ping?.rttMaxMs ?? null },
};

export const PACKET_LOSS: ChartPercent = {
  label: 'Packet loss',
  color: '#f97316',
  percent: (result) => result.ping?.lossPercent ?? null,
};

/** "33.3% loss", when any packet was lost. */
export function lossNote(result: CheckResult): string | null {
  const loss = result.ping?.lossPercent ?? 0;
  return loss > 0 ? `${formatShare(loss)} loss` : null;
}
