// Judging one finished check, written once for every producer of results: the check job's
// unregioned monitors and heartbeat pings (recording/record.ts) and each region's run of
// a multi-region monitor (regions/record-regional.ts). What the verdict is applied to differs
// (the monitor's row, or its region's row and then the quorum); the verdict does not.
import type { NewResult } from '../history/result-store.ts';
import { type TimeSpan, timeSpans } from '../history/time-spans.ts';
import type { MonitorTable } from '../platform/db/schema.ts';
import type { CheckResultEvent } from '../platform/events/bus.ts';
import { nextSlotAfter } from '../platform/jobs/slots.ts';
import type { CheckOutcome } from './finished-check.ts';
import { maintenanceUntil, resultRow } from './result-row.ts';
import {
  applyResult,
  holdDuringMaintenance,
  type StatusState,
  type Transition,
} from './status-transition.ts';

export interface JudgeInput {
  monitor: MonitorTable;
  outcome: CheckOutcome;
  /** The time the result is keyed by, already moved off any millisecond another result holds. */
  checkedAt: number;
  /** The status being moved: the monitor's own, or its region's. */
  current: StatusState;
  /** When that status was last checked, for the time the result accounts for. */
  lastCheckedAt: number | null;
  /** When the run was due: the next slot counts from it, so an early timer is not due again at once. */
  dueAt: number;
  /** How long a failure waits for its re-check; null when the kind believes failures at once. */
  confirmDelayMs: number | null;
  /** The kind's own next run (a heartbeat's deadline), when it keeps one. */
  ownNextRunAt?: number;
  /** The region the result is stored and published under. */
  region: string;
}

export interface Judgement {
  transition: Transition;
  /** Inside a maintenance window: nothing moved, nothing alerts. */
  maintenance: boolean;
  nextRunAt: number;
  /** The answer's latency, or null for a failure (which keeps the last one shown). */
  latencyMs: number | null;
  row: NewResult;
  /** The time the result accounts for since the last check, by status. */
  spans: TimeSpan[];
  event: CheckResultEvent;
}

export function judge(input: JudgeInput): Judgement {
  const { monitor, outcome, checkedAt, current } = input;
  const maintenanceEnd = maintenanceUntil(monitor, checkedAt);
  const maintenance = maintenanceEnd !== null;
  const transition = maintenance
    ? holdDuringMaintenance(current)
    : applyResult(current, outcome.status, checkedAt, input.confirmDelayMs);
  const scheduled =
    transition.recheckAt ??
    input.ownNextRunAt ??
    nextSlotAfter(monitor.id, monitor.interval_seconds * 1000, Math.max(checkedAt, input.dueAt));
  const totalMs = Math.round(outcome.timings.totalMs);
  return {
    transition,
    maintenance,
    // A failure held by maintenance is looked at again when the window ends, so one that
    // outlasts it is confirmed and alerted then, not a whole interval (or period) later.
    nextRunAt:
      maintenanceEnd !== null && outcome.status !== 'up' ? Math.min(scheduled, maintenanceEnd) : scheduled,
    latencyMs: outcome.status === 'down' ? null : totalMs,
    row: resultRow(monitor, { ...outcome, checkedAt }, transition.confirmation, maintenance),
    spans: timeSpans({
      before: { status: current.status, lastCheckedAt: input.lastCheckedAt },
      after: transition.state,
      checkedAt,
      maintenance,
    }),
    event: {
      type: 'check.result',
      workspaceId: monitor.workspace_id,
      monitorId: monitor.id,
      at: checkedAt,
      status: outcome.status,
      statusCode: outcome.statusCode,
      latencyMs: totalMs,
      failure: outcome.failure,
      region: input.region,
    },
  };
}
