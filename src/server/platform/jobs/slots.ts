// When a monitor runs next. Each monitor has a fixed phase inside its interval (from a hash of
// its id), so monitors sharing an interval are spread evenly across it instead of firing
// together, and a monitor that missed slots (worker down, restart) runs once, then rejoins
// its phase.
import { createHash } from 'node:crypto';

export function phaseOffsetMs(monitorId: string, intervalMs: number): number {
  const digest = createHash('sha1').update(monitorId).digest();
  return digest.readUInt32BE(0) % intervalMs;
}

/** The first slot of this monitor strictly after `now`. */
export function nextSlotAfter(monitorId: string, intervalMs: number, now: number): number {
  const phase = phaseOffsetMs(monitorId, intervalMs);
  const slotsSinceEpoch = Math.floor((now - phase) / intervalMs) + 1;
  return slotsSinceEpoch * intervalMs + phase;
}
