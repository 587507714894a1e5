// results/ is the seam between a finished check and what stores and judges it; these are its status rules.
import { describe, expect, it } from 'vitest';
import { applyResult, type StatusState } from './status-transition.ts';

const T = 1_000_000;
const DELAY = 15_000;
const up: StatusState = { status: 'up', streak: 4, lastStatusChangeAt: T - 60_000, confirmingSince: null };

describe('status transitions', () => {
  it('keeps an up monitor up on success and counts the streak', () => {
    const next = applyResult(up, 'up', T, DELAY);
    expect(next).toMatchObject({
      state: { status: 'up', streak: 5 },
      event: null,
      recheckAt: null,
      confirmation: false,
    });
  });

  it('does not believe one failure: it schedules a re-check 15 s later and stays up', () => {
    const next = applyResult(up, 'down', T, DELAY);
    expect(next.state).toMatchObject({ status: 'up', streak: 4, confirmingSince: T });
    expect(next.recheckAt).toBe(T + DELAY);
    expect(next.event).toBeNull();
  });

  it('turns down when the re-check fails too, dating the outage from the first failure', () => {
    const pending = applyResult(up, 'down', T, DELAY).state;
    const confirmed = applyResult(pending, 'down', T + DELAY, DELAY);
    expect(confirmed).toMatchObject({
      state: { status: 'down', streak: 1, lastStatusChangeAt: T, confirmingSince: null },
      event: 'monitor.down',
      confirmation: true,
      recheckAt: null,
    });
  });

  it('forgets a blip when the re-check succeeds, emitting nothing', () => {
    const pending = applyResult(up, 'down', T, DELAY).state;
    const recovered = applyResult(pending, 'up', T + DELAY, DELAY);
    expect(recovered).toMatchObject({
      state: { status: 'up', streak: 5, confirmingSince: null },
      event: null,
      confirmation: true,
    });
  });

  it('stays down on further failures without re-checking, and recovers on the first success', () => {
    const down: StatusState = { status: 'down', streak: 1, lastStatusChangeAt: T, confirmingSince: null };
    const still = applyResult(down, 'down', T + 60_000, DELAY);
    expect(still).toMatchObject({ state: { status: 'down', streak: 2 }, recheckAt: null, event: null });
    const back = applyResult(still.state, 'up', T + 120_000, DELAY);
    expect(back).toMatchObject({
      state: { status: 'up', streak: 1, lastStatusChangeAt: T + 120_000 },
      event: 'monitor.up',
    });
  });

  it('reports degraded and its recovery as changes', () => {
    const slow = applyResult(up, 'degraded', T, DELAY);
    expect(slow).toMatchObject({ state: { status: 'degraded', streak: 1 }, event: 'monitor.degraded' });
    expect(applyResult(slow.state, 'up', T + 1, DELAY).event).toBe('monitor.up');
  });

  it('confirms a failing first check before calling a new monitor down', () => {
    const fresh: StatusState = {
      status: 'pending',
      streak: 0,
      lastStatusChangeAt: null,
      confirmingSince: null,
    };
    const first = applyResult(fresh, 'down', T, DELAY);
    expect(first.state.status).toBe('pending');
    expect(applyResult(first.state, 'down', T + DELAY, DELAY).state.status).toBe('down');
    expect(applyResult(fresh, 'up', T, DELAY)).toMatchObject({
      state: { status: 'up', streak: 1 },
      event: 'monitor.up',
    });
  });
});
