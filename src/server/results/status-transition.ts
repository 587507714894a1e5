// How one check result moves a monitor's status. A failure is not believed at once: it is
// re-checked after a short delay, and only a second failure turns the monitor down, so one
// blip never flips it (the re-check is an ordinary result in history).
// The stored statuses: `stale` is only ever read from the clock (monitors/staleness.ts).
// results/ is the seam between a finished check and what stores and judges it.
import type { CheckStatus, MonitorStatus } from '../platform/db/schema.ts';
import type { MonitorEventType } from '../platform/events/bus.ts';

export interface StatusState {
  status: MonitorStatus;
  streak: number;
  lastStatusChangeAt: number | null;
  /** When the failure now being re-checked happened; null when nothing is being confirmed. */
  confirmingSince: number | null;
}

export interface Transition {
  state: StatusState;
  /** Set when this result is the re-check of an earlier failure. */
  confirmation: boolean;
  /** Run again at this time instead of the next slot (to confirm a failure). */
  recheckAt: number | null;
  event: MonitorEventType | null;
}

const EVENT_FOR: Record<CheckStatus, MonitorEventType> = {
  up: 'monitor.up',
  down: 'monitor.down',
  degraded: 'monitor.degraded',
};

/**
 * A result inside a maintenance window moves nothing: no re-check, no status change, no event, so
 * no incident and no alert. A failure being confirmed when the window began is let go; the first
 * result after the window is judged from the status the monitor had before it.
 */
export function holdDuringMaintenance(current: StatusState): Transition {
  return {
    state: { ...current, confirmingSince: null },
    confirmation: current.confirmingSince !== null,
    recheckAt: null,
    event: null,
  };
}

/** `confirmDelayMs` null: the result is believed at once (a heartbeat's failure is no blip). */
export function applyResult(
  current: StatusState,
  result: CheckStatus,
  checkedAt: number,
  confirmDelayMs: number | null,
): Transition {
  const confirmation = current.confirmingSince !== null;

  if (result === 'down' && current.status !== 'down' && !confirmation && confirmDelayMs !== null) {
    return {
      state: { ...current, confirmingSince: checkedAt },
      confirmation: false,
      recheckAt: checkedAt + confirmDelayMs,
      event: null,
    };
  }

  if (result === current.status) {
    return {
      state: { ...current, streak: current.streak + 1, confirmingSince: null },
      confirmation,
      recheckAt: null,
      event: null,
    };
  }

  // A confirmed outage started at the first failure, not at the re-check.
  const changedAt = result === 'down' ? (current.confirmingSince ?? checkedAt) : checkedAt;
  return {
    state: { status: result, streak: 1, lastStatusChangeAt: changedAt, confirmingSince: null },
    confirmation,
    recheckAt: null,
    event: EVENT_FOR[result],
  };
}
