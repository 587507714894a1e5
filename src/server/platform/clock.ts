// Every "now", timer and schedule goes through a Clock, so tests move time by hand.

export interface TimerHandle {
  cancel(): void;
}

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(callback, ms) {
    const timer = setTimeout(callback, ms);
    return { cancel: () => clearTimeout(timer) };
  },
};

interface PendingTimer {
  at: number;
  callback: () => void;
}

/** A clock that only moves when told to: `advance(ms)` fires the timers that fall due, in order. */
export class ManualClock implements Clock {
  private timers = new Set<PendingTimer>();

  constructor(private current = 0) {}

  now(): number {
    return this.current;
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    const timer = { at: this.current + Math.max(0, ms), callback };
    this.timers.add(timer);
    return { cancel: () => this.timers.delete(timer) };
  }

  advance(ms: number): void {
    const target = this.current + ms;
    for (;;) {
      const next = [...this.timers].filter((t) => t.at <= target).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.timers.delete(next);
      this.current = next.at;
      next.callback();
    }
    this.current = target;
  }

  get pendingTimers(): number {
    return this.timers.size;
  }
}
