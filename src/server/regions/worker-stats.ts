// What a worker reports with its heartbeat: checks started in the last minute and how late they
// started (due time to start). Kept as one small histogram per second, so recording a start is a
// few additions and a minute's figures merge sixty of them.
import {
  LATENCY_BUCKET_COUNT,
  latencyBucket,
  latencyPercentile,
  mergeHistograms,
} from '../../core/latency-histogram.ts';

const SECOND = 1000;
const WINDOW_SECONDS = 60;

interface Slot {
  second: number;
  counts: number[];
  max: number;
}

export interface WorkerFigures {
  checksPerMinute: number;
  /** 99th percentile of start lag over the minute; null when nothing started. */
  lagP99Ms: number | null;
}

export class WorkerStats {
  private readonly slots: Slot[] = Array.from({ length: WINDOW_SECONDS }, () => ({
    second: -1,
    counts: new Array<number>(LATENCY_BUCKET_COUNT).fill(0),
    max: 0,
  }));

  /** The check job's observer: a check due at `dueAt` started at `startedAt`. */
  started(dueAt: number, startedAt: number): void {
    const second = Math.floor(startedAt / SECOND);
    const slot = this.slots[second % WINDOW_SECONDS] as Slot;
    if (slot.second !== second) {
      slot.second = second;
      slot.counts.fill(0);
      slot.max = 0;
    }
    const lag = Math.max(0, startedAt - dueAt);
    const bucket = latencyBucket(lag);
    slot.counts[bucket] = (slot.counts[bucket] ?? 0) + 1;
    slot.max = Math.max(slot.max, lag);
  }

  /** The minute before `now`. */
  figures(now: number): WorkerFigures {
    const current = Math.floor(now / SECOND);
    const recent = this.slots.filter(
      (slot) => slot.second > current - WINDOW_SECONDS && slot.second <= current,
    );
    const counts = mergeHistograms(recent.map((slot) => slot.counts));
    const checks = counts.reduce((sum, count) => sum + count, 0);
    const max = Math.max(0, ...recent.map((slot) => slot.max));
    return {
      checksPerMinute: checks,
      lagP99Ms: latencyPercentile({ counts, minMs: 0, maxMs: max }, 0.99),
    };
  }
}
