// What /api/v1/events sends, and how each event updates the cached monitors so every screen
// shows it without a reload or a refetch of the monitor list.
import type { QueryClient } from '@tanstack/react-query';
import type { CheckResult } from '../../../core/api/history';
import type { MonitorStatus } from '../../../core/api/monitors';
import { incidentKeys } from '../incidents';
import { patchCachedMonitor } from '../monitor-cache';
import { monitorKeys } from '../monitors';
import { statusPageKeys } from '../status-pages';
import type { SseMessage } from './sse-parser';

export interface CheckResultEvent {
  type: 'check.result';
  monitorId: string;
  at: number;
  status: CheckResult['status'];
  statusCode: number | null;
  latencyMs: number;
  failure: { code: string; message: string } | null;
  region: string;
}

export interface MonitorStatusEvent {
  type: 'monitor.up' | 'monitor.down' | 'monitor.degraded';
  monitorId: string;
  at: number;
  from: MonitorStatus;
  to: MonitorStatus;
}

export type LiveEvent = CheckResultEvent | MonitorStatusEvent;

const LIVE_TYPES = new Set<string>(['check.result', 'monitor.up', 'monitor.down', 'monitor.degraded']);

/** The event in a stream message, or null for pings, `ready` and anything unknown or malformed. */
export function parseLiveEvent(message: SseMessage): LiveEvent | null {
  if (!LIVE_TYPES.has(message.event)) return null;
  try {
    const data = JSON.parse(message.data) as Omit<LiveEvent, 'type'>;
    if (typeof data.monitorId !== 'string' || typeof data.at !== 'number') return null;
    return { ...data, type: message.event } as LiveEvent;
  } catch {
    return null;
  }
}

export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  if (event.type === 'check.result') {
    patchCachedMonitor(queryClient, event.monitorId, (monitor) =>
      // Events can overtake each other across processes; keep the newest check.
      monitor.lastCheckedAt !== null && monitor.lastCheckedAt > event.at
        ? {}
        : { lastCheckedAt: event.at, lastLatencyMs: event.latencyMs },
    );
    return;
  }
  patchCachedMonitor(queryClient, event.monitorId, (monitor) =>
    monitor.paused ? {} : { status: event.to, lastStatusChangeAt: event.at },
  );
  // A list filtered by status may now hold the wrong rows: refetch it when next shown, not now.
  // But a list fetch in flight may have read the database before this change, and its answer
  // would undo it on screen (the resync on `ready` races the first check): fetch that one again.
  const reading = queryClient.isFetching({ queryKey: monitorKeys.lists() }) > 0;
  void queryClient.invalidateQueries({
    queryKey: monitorKeys.lists(),
    refetchType: reading ? 'active' : 'none',
  });
  // The same for the monitor's own page: a new monitor's first check can finish while the page
  // that just opened is still reading it, and later results do not carry the status. A first
  // fetch (nothing cached yet) is not restarted by an invalidation alone, so it is cancelled.
  const detail = monitorKeys.detail(event.monitorId);
  if (queryClient.isFetching({ queryKey: detail, exact: true }) > 0)
    void queryClient
      .cancelQueries({ queryKey: detail, exact: true })
      .then(() => queryClient.invalidateQueries({ queryKey: detail, exact: true }));
  // A confirmed change opens or resolves an incident on the server: incident screens on show
  // refetch at once instead of waiting for their poll.
  void queryClient.invalidateQueries({ queryKey: incidentKeys.all });
  // Status pages carry their monitors' status and the overall state the server derives from it.
  void queryClient.invalidateQueries({ queryKey: statusPageKeys.all });
}

/**
 * Called on each `ready`, when the server has subscribed this connection. A check that finished
 * between a screen's fetch and that moment sent its event to nobody, so what is cached may be
 * behind: screens on show refetch once.
 */
export function resyncAfterSubscribe(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: monitorKeys.all });
  void queryClient.invalidateQueries({ queryKey: incidentKeys.all });
}
