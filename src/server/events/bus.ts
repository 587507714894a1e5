// Events the engine emits after a batch of results is stored. Incidents, alerts and the live
// dashboard subscribe. In one process (SQLite) this emitter is the whole bus; across several
// PostgreSQL processes a LISTEN/NOTIFY relay feeds the same interface.
import { EventEmitter } from 'node:events';
import type { MonitorStatus } from '../../core/api/monitors.ts';
import type { CheckStatus } from '../db/schema.ts';
import type { MonitorEventType } from '../scheduler/status-transition.ts';

export interface CheckResultEvent {
  type: 'check.result';
  userId: string;
  monitorId: string;
  at: number;
  status: CheckStatus;
  statusCode: number | null;
  latencyMs: number;
  failure: { code: string; message: string } | null;
  region: string;
}

export interface MonitorStatusEvent {
  type: MonitorEventType;
  userId: string;
  monitorId: string;
  at: number;
  from: MonitorStatus;
  to: MonitorStatus;
}

export type AppEvent = CheckResultEvent | MonitorStatusEvent;
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
