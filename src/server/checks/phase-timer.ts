// Splits one run into back-to-back phases, so the parts add up to the total by construction:
// each mark closes the phase in progress and opens the next; nothing falls between them.

export const PHASES = ['dns', 'connect', 'tls', 'ttfb', 'download'] as const;
export type Phase = (typeof PHASES)[number];

export interface HttpTimings {
  dnsMs: number;
  connectMs: number;
  tlsMs: number;
  ttfbMs: number;
  downloadMs: number;
  totalMs: number;
}

export class PhaseTimer {
  private readonly spent: Record<Phase, number> = { dns: 0, connect: 0, tls: 0, ttfb: 0, download: 0 };
  private current: Phase = 'dns';
  private readonly startedAt: number;
  private lastMark: number;

  constructor(private readonly now: () => number = () => performance.now()) {
    this.startedAt = now();
    this.lastMark = this.startedAt;
  }

  /** The phase in progress (where a failure happened). */
  get phase(): Phase {
    return this.current;
  }

  enter(phase: Phase): void {
    const at = this.now();
    this.spent[this.current] += at - this.lastMark;
    this.lastMark = at;
    this.current = phase;
  }

  /**
   * Whole milliseconds. Each part is the difference of rounded running sums, so the rounded
   * parts still add up to the rounded total exactly.
   */
  finish(): HttpTimings {
    this.enter(this.current);
    let running = 0;
    let rounded = 0;
    const parts = {} as Record<Phase, number>;
    for (const phase of PHASES) {
      running += this.spent[phase];
      const next = Math.round(running);
      parts[phase] = next - rounded;
      rounded = next;
    }
    return {
      dnsMs: parts.dns,
      connectMs: parts.connect,
      tlsMs: parts.tls,
      ttfbMs: parts.ttfb,
      downloadMs: parts.download,
      totalMs: rounded,
    };
  }
}
