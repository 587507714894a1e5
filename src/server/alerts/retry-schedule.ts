// A failed delivery is retried 30 s, 2 min, 10 min and 30 min after its first attempt: five
// attempts in all, for every channel.
export const RETRY_OFFSETS_MS = [0, 30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000] as const;
export const MAX_ATTEMPTS = RETRY_OFFSETS_MS.length;

/**
 * When the next attempt is due after attempt number `failedAttempt` failed; null after the
 * last. Retries keep to the schedule of the first attempt (when it actually started): a later
 * attempt was due at first + offset, so the schedule is recovered from when it was due, and a
 * slow receiver does not push the retries after it back.
 */
export function nextAttemptAt(failedAttempt: number, dueAt: number, startedAt: number): number | null {
  const next = RETRY_OFFSETS_MS[failedAttempt];
  if (failedAttempt < 1 || next === undefined) return null;
  const first = failedAttempt === 1 ? startedAt : dueAt - (RETRY_OFFSETS_MS[failedAttempt - 1] ?? 0);
  return first + next;
}
