// Page views are metered in the billing engine as `rum_pageviews` (issue 42, item 7), counted in
// batches, never per beacon: the meter counts a workspace's accepted page views in memory and,
// every METER_MS on the clock, tracks each workspace's batch in one call, then asks whether the
// workspace still has balance. The beacon route asks `admit` synchronously, so a page view never
// waits on billing: past the allowance it is still counted (the engine's usage shows the real
// number) but not stored. A failed track keeps its count for the next batch; a failed check keeps
// the last answer. A new period's balance or a pack bought is seen at the next batch's check.
import type { EntitlementsHelper } from '../../billing/plan-summary.ts';
import type { Clock, TimerHandle } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';

export const PAGE_VIEWS_FEATURE = 'rum_pageviews';
export const METER_MS = 10_000;
/** Workspaces tracked and checked at once, so a batch of many never queues on one answer. */
const PARALLEL = 8;

export interface PageViewMeterDeps {
  entitlements: Pick<EntitlementsHelper, 'check' | 'track'>;
  clock: Clock;
  logger: Logger;
}

export function createPageViewMeter({ entitlements, clock, logger }: PageViewMeterDeps) {
  let counts = new Map<string, number>();
  /** Whether each workspace seen is past its allowance, as the last check answered. */
  const over = new Map<string, boolean>();
  let timer: TimerHandle | null = null;
  let sending: Promise<void> | null = null;

  function count(workspaceId: string, views: number): void {
    counts.set(workspaceId, (counts.get(workspaceId) ?? 0) + views);
  }

  /** Asks the engine; on failure the last answer stands (and a first one is "not over"). */
  async function refresh(workspaceId: string): Promise<boolean> {
    try {
      const allowed = await entitlements.check(workspaceId, PAGE_VIEWS_FEATURE);
      over.set(workspaceId, !allowed);
    } catch (error) {
      logger.warn({ err: error, workspaceId }, 'rum page view allowance not checked; last answer kept');
    }
    return over.get(workspaceId) ?? false;
  }

  async function settle(workspaceId: string, views: number): Promise<void> {
    try {
      await entitlements.track(workspaceId, PAGE_VIEWS_FEATURE, views);
    } catch (error) {
      logger.warn({ err: error, workspaceId, views }, 'rum page views not tracked yet; retrying');
      count(workspaceId, views);
      return;
    }
    await refresh(workspaceId);
  }

  async function send(): Promise<void> {
    timer = null;
    const batch = [...counts];
    counts = new Map();
    for (let i = 0; i < batch.length; i += PARALLEL) {
      await Promise.all(
        batch.slice(i, i + PARALLEL).map(([workspaceId, views]) => settle(workspaceId, views)),
      );
    }
    if (counts.size > 0) schedule();
  }

  function schedule(): void {
    timer ??= clock.setTimeout(() => {
      sending = send().finally(() => {
        sending = null;
      });
    }, METER_MS);
  }

  return {
    /** Counts one page view; false when the workspace is past its allowance (count, don't store). */
    admit(workspaceId: string): boolean {
      // A workspace this process has not seen yet is asked at once, not only at the first batch.
      if (!over.has(workspaceId)) {
        over.set(workspaceId, false);
        void refresh(workspaceId);
      }
      count(workspaceId, 1);
      schedule();
      return over.get(workspaceId) !== true;
    },
    /** Whether the workspace is past its allowance, asked of the engine now (the settings' banner). */
    overAllowance: refresh,
    /** Tracks what is counted now (shutdown, tests). */
    async flush(): Promise<void> {
      timer?.cancel();
      timer = null;
      await sending;
      await send();
    },
  };
}

export type PageViewMeter = ReturnType<typeof createPageViewMeter>;
