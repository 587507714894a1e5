// Events the engine emits after a batch of results is stored. Incidents, alerts and the live
// dashboard subscribe. In one process (SQLite) this emitter is the whole bus; across several
// PostgreSQL processes a LISTEN/NOTIFY relay feeds the same interface.
import { EventEmitter } from 'node:events';
import type { RunStatus } from '../../../core/api/performance.ts';
// Stored statuses: an event reports a result's change, never the read-time `stale`.
import type { CheckStatus, MonitorStatus } from '../db/schema.ts';

export interface CheckResultEvent {
  type: 'check.result';
  workspaceId: string;
  monitorId: string;
  at: number;
  status: CheckStatus;
  statusCode: number | null;
  latencyMs: number;
  failure: { code: string; message: string } | null;
  region: string;
}

/** A monitor's status changed: the three changes incidents and alerts act on. */
export type MonitorEventType = 'monitor.up' | 'monitor.down' | 'monitor.degraded';

export interface MonitorStatusEvent {
  type: MonitorEventType;
  workspaceId: string;
  monitorId: string;
  at: number;
  from: MonitorStatus;
  to: MonitorStatus;
}

/** A performance run's progress (queued -> running -> succeeded/failed), for live views. */
export interface PerformanceRunEvent {
  type: 'performance.run';
  workspaceId: string;
  /** The site's linked monitor, so a monitor's stream carries its performance runs. */
  monitorId: string | null;
  siteId: string;
  runId: string;
  status: RunStatus;
  at: number;
}

/**
 * Who may see what changed: a member left or was removed, a role changed, an API key was revoked,
 * a session ended, a workspace was handed over or deleted. Open event streams check again.
 */
export interface AccessChangeEvent {
  type: 'access.changed';
  /** The workspace whose access changed; null for a change that is one person's (a sign-out). */
  workspaceId: string | null;
  /** The person whose access changed, when it is one person's. */
  personId: string | null;
}

/** What the check engine emits about monitors. */
export type MonitorEvent = CheckResultEvent | MonitorStatusEvent;
export type AppEvent = MonitorEvent | PerformanceRunEvent | AccessChangeEvent;
export type EventListener = (event: AppEvent) => void;

export interface EventBus {
  publish(events: readonly AppEvent[]): void;
  subscribe(listener: EventListener): () => void;
}

export function createLocalEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(events) {
      for (const event of events) emitter.emit('event', event);
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
  };
}
