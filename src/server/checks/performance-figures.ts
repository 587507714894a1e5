// What the Lighthouse child sends back: the run's metrics and top opportunities read from the
// report (lhr), nothing else, so the parent never holds a trace.
import type { Result } from 'lighthouse';
import type { DeviceProfile, Opportunity, PerformanceMetrics } from '../../core/api/performance.ts';

export interface LighthouseJob {
  url: string;
  port: number;
  device: DeviceProfile;
}

export interface LighthouseFigures {
  metrics: PerformanceMetrics;
  opportunities: Opportunity[];
  /** Lighthouse's own complaint about the page (e.g. NO_FCP), when it measured nothing useful. */
  runtimeError: { code: string; message: string } | null;
}

export type WorkerReply =
  | { ok: true; figures: LighthouseFigures }
  | { ok: false; code: string | null; message: string };

/** How many opportunities a run keeps, biggest time savings first. */
export const TOP_OPPORTUNITIES = 5;

function numeric(lhr: Result, id: string): number | null {
  const value = lhr.audits[id]?.numericValue;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function requestCount(lhr: Result): number | null {
  const details = lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined;
  return Array.isArray(details?.items) ? details.items.length : null;
}

function opportunitiesOf(lhr: Result): Opportunity[] {
  const found: Opportunity[] = [];
  for (const [id, audit] of Object.entries(lhr.audits)) {
    const details = audit.details as
      | { type?: string; overallSavingsMs?: number; overallSavingsBytes?: number }
      | undefined;
    if (details?.type !== 'opportunity') continue;
    const savingsMs = details.overallSavingsMs ?? null;
    const savingsBytes = details.overallSavingsBytes ?? null;
    if (!(savingsMs ?? 0) && !(savingsBytes ?? 0)) continue;
    found.push({ id, title: audit.title, savingsMs, savingsBytes });
  }
  return found
    .sort((a, b) => (b.savingsMs ?? 0) - (a.savingsMs ?? 0) || (b.savingsBytes ?? 0) - (a.savingsBytes ?? 0))
    .slice(0, TOP_OPPORTUNITIES);
}

export function figuresOf(lhr: Result): LighthouseFigures {
  const score = lhr.categories.performance?.score;
  return {
    metrics: {
      performanceScore: typeof score === 'number' ? Math.round(score * 100) : null,
      lcpMs: numeric(lhr, 'largest-contentful-paint'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
      tbtMs: numeric(lhr, 'total-blocking-time'),
      fcpMs: numeric(lhr, 'first-contentful-paint'),
      speedIndexMs: numeric(lhr, 'speed-index'),
      serverResponseMs: numeric(lhr, 'server-response-time'),
      totalBytes: numeric(lhr, 'total-byte-weight'),
      requestCount: requestCount(lhr),
    },
    opportunities: opportunitiesOf(lhr),
    runtimeError: lhr.runtimeError
      ? { code: lhr.runtimeError.code, message: lhr.runtimeError.message }
      : null,
  };
}
