// The heartbeat kind in the web app: a job pings Upwatch, which alerts when a ping is missing.
import { createElement } from 'react';
import type { MonitorOf } from '../../../../../core/api/monitors';
import { defineKind, type SectionProps } from '../types';
import { heartbeatFace } from './face';
import { HeartbeatFields, type HeartbeatFieldValues } from './heartbeat-fields';
import { HeartbeatPanel } from './heartbeat-panel';

function HeartbeatSection({ state, set, errors }: SectionProps<HeartbeatFieldValues>) {
  return createElement(HeartbeatFields, { value: state, onChange: set, errors });
}

export const heartbeatKindUi = defineKind({
  ...heartbeatFace,
  emptyState: (): HeartbeatFieldValues => ({
    periodSeconds: 3600,
    cron: null,
    timezone: 'UTC',
    graceSeconds: 300,
  }),
  stateFromMonitor: (monitor: MonitorOf<'heartbeat'>): HeartbeatFieldValues => ({
    periodSeconds: monitor.periodSeconds,
    cron: monitor.cron,
    timezone: monitor.timezone,
    graceSeconds: monitor.graceSeconds,
  }),
  payloadOf: (state) => ({ kind: 'heartbeat', ...state }),
  targetField: 'cron',
  ownSchedule: true,
  passive: true,
  noHost: true,
  Section: HeartbeatSection,
  advanced: null,
  chartDescription: 'Pings are not timed.',
  chartParts: [],
  noStatusCode: true,
  DetailPanel: HeartbeatPanel,
});
