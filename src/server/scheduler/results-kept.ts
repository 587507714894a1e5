// Finished checks waiting for their store (issue 40). While the database is away, checks already
// running finish, and their results wait here to be written when it returns: a failed batch goes
// back in front of the newer ones, in order. The wait is bounded, so an outage cannot grow the
// worker's memory without end; past the bound the oldest results are dropped, and every one
// dropped is counted (the check job's results().lost, /internal/metrics) and logged, never lost silently. A batch that failed twice
// used to be dropped without a count.
import type { Logger } from '../platform/logger.ts';
import type { FinishedCheck } from '../results/finished-check.ts';

/**
 * A worker has at most its checks in flight and those armed for their due time claimed when the
 * database goes (4,096 each at the default concurrency), and claims nothing more until it returns;
 * 20,000 results (a few kilobytes each) also hold a minute of a worker checking 20,000 monitors.
 */
export const MAX_KEPT_RESULTS = 20_000;

/** What a worker's store is behind by, for /internal/metrics. */
export interface ResultsWaiting {
  waiting: number;
  lost: number;
}

export interface ResultsKept {
  add(check: FinishedCheck): void;
  /** Takes every result waiting, oldest first, for one store. */
  take(): FinishedCheck[];
  /** A batch whose store failed goes back before the newer results, up to the bound. */
  putBack(batch: FinishedCheck[], err: unknown): void;
  /** A batch was stored: ends an outage, if one was on. */
  stored(count: number): void;
  readonly size: number;
  /** Results dropped past the bound since the worker started. */
  readonly lost: number;
}

export function createResultsKept(
  logger: Logger,
  max = MAX_KEPT_RESULTS,
  onLost: (checks: FinishedCheck[]) => void = () => undefined,
): ResultsKept {
  let waiting: FinishedCheck[] = [];
  let lost = 0;
  /** Failed stores in a row: the first is logged with its error, the rest only when it ends. */
  let failures = 0;

  function bound(): void {
    const over = waiting.length - max;
    if (over <= 0) return;
    onLost(waiting.splice(0, over));
    lost += over;
    logger.error(
      { lost: over, lostTotal: lost, kept: waiting.length },
      'check results lost: the store kept failing and more finished than can be kept in memory',
    );
  }

  return {
    add(check) {
      waiting.push(check);
      if (failures > 0) bound();
    },
    take() {
      const batch = waiting;
      waiting = [];
      return batch;
    },
    putBack(batch, err) {
      waiting = batch.concat(waiting);
      failures += 1;
      if (failures === 1)
        logger.error(
          { err, kept: waiting.length },
          'storing check results failed; they are kept and stored when the database answers again',
        );
      bound();
    },
    stored(count) {
      if (failures > 0)
        logger.warn({ stored: count, failedStores: failures, lostTotal: lost }, 'check results stored again');
      failures = 0;
    },
    get size() {
      return waiting.length;
    },
    get lost() {
      return lost;
    },
  };
}
