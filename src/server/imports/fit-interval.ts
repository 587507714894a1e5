// A source's check interval fitted to Upwatch and the plan: whole minutes from the plan's minimum
// to a day, or a heartbeat period no shorter than that minimum. Every change is noted.
import { formatSeconds } from '../../core/heartbeat-schedule.ts';
import type { MonitorCandidate } from './candidates.ts';

const MAX_INTERVAL_MINUTES = 1440;

export function fitInterval(
  candidate: Pick<MonitorCandidate, 'everySeconds' | 'input'>,
  plan: { minIntervalMinutes: number; displayName: string },
  notes: string[],
): { intervalMinutes: number } | { periodSeconds: number } {
  const given = Math.max(1, Math.round(candidate.everySeconds));
  const minimum = plan.minIntervalMinutes * 60;
  const clamped = `the ${plan.displayName} plan checks at most every ${plan.minIntervalMinutes} min`;
  if (candidate.input.kind === 'heartbeat') {
    const period = Math.max(given, minimum);
    if (period !== given)
      notes.push(
        `Expected a push every ${formatSeconds(given)}; ${clamped}, so every ${formatSeconds(period)}.`,
      );
    return { periodSeconds: period };
  }
  const minutes = Math.min(MAX_INTERVAL_MINUTES, Math.max(Math.ceil(given / 60), plan.minIntervalMinutes));
  if (minutes * 60 !== given) {
    const why =
      given < minimum
        ? clamped
        : given > MAX_INTERVAL_MINUTES * 60
          ? 'Upwatch checks at least daily'
          : 'Upwatch checks in whole minutes';
    notes.push(`Checked every ${formatSeconds(given)}; ${why}, so every ${formatSeconds(minutes * 60)}.`);
  }
  return { intervalMinutes: minutes };
}
