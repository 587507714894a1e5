// The last finished occurrence a window keeps for status pages, as `advance` moves it through time.
import { describe, expect, it } from 'vitest';
import { advance, endedNow, firstTiming } from './transitions.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.UTC(2026, 10, 20, 2);
const daily = {
  starts_at: START,
  duration_minutes: 60,
  recurrence: JSON.stringify({
    frequency: 'daily',
    daysOfWeek: [],
    daysOfMonth: [],
    timezone: 'UTC',
    until: null,
  }),
};

describe('the last finished occurrence of a window', () => {
  it('is none until an occurrence ends, then the one that ended', () => {
    const created = {
      ...daily,
      ...firstTiming({ ...daily, active_from: null, active_until: null }, START - HOUR),
    };
    expect([created.last_started_at, created.last_ended_at]).toEqual([null, null]);
    const running = { ...created, ...advance(created, START + 10 * 60_000) };
    expect(running.active_from).toBe(START);
    expect(running.last_ended_at).toBeNull();
    const done = advance(running, START + 2 * HOUR);
    expect([done.last_started_at, done.last_ended_at]).toEqual([START, START + HOUR]);
    expect(done.active_from).toBeNull();
  });

  it('skips occurrences that passed while the job was away, and ends one by hand at that moment', () => {
    const created = {
      ...daily,
      ...firstTiming({ ...daily, active_from: null, active_until: null }, START - HOUR),
    };
    // Three days later with no pass of the job: three occurrences came and went, none applied.
    const late = advance(created, START + 2 * DAY + 3 * HOUR);
    expect([late.last_started_at, late.last_ended_at]).toEqual([null, null]);
    expect(late.next_occurrence_at).toBe(START + 3 * DAY);

    const running = { ...daily, ...advance({ ...daily, ...late }, START + 3 * DAY + 5 * 60_000) };
    const ended = endedNow(running, START + 3 * DAY + 20 * 60_000);
    expect([ended.last_started_at, ended.last_ended_at]).toEqual([
      START + 3 * DAY,
      START + 3 * DAY + 20 * 60_000,
    ]);
    expect(ended.next_occurrence_at).toBe(START + 4 * DAY);
  });
});

describe('when a window completed, the time retention ages it from', () => {
  const once = { starts_at: START, duration_minutes: 60, recurrence: null };

  it('is unset while anything may still run, and the end of its last occurrence once nothing can', () => {
    const created = {
      ...once,
      ...firstTiming({ ...once, active_from: null, active_until: null }, START - HOUR),
    };
    expect(created.completed_at).toBeNull();
    const running = { ...once, ...advance(created, START + 10 * 60_000) };
    expect(running.completed_at).toBeNull();
    expect(advance(running, START + 5 * HOUR).completed_at).toBe(START + HOUR);
    // Ended by hand: completed then, not at the scheduled end.
    expect(endedNow(running, START + 20 * 60_000).completed_at).toBe(START + 20 * 60_000);
    // A recurring window is never done while its schedule has occurrences left.
    const recurring = {
      ...daily,
      ...firstTiming({ ...daily, active_from: null, active_until: null }, START),
    };
    expect(advance(recurring, START + 30 * DAY).completed_at).toBeNull();
  });

  it('is when the job noticed, for a one-off window whose occurrence came and went unseen', () => {
    const created = {
      ...once,
      ...firstTiming({ ...once, active_from: null, active_until: null }, START - HOUR),
    };
    expect(advance(created, START + 3 * DAY).completed_at).toBe(START + 3 * DAY);
  });

  it('is unset again when a completed window is given a new schedule', () => {
    const created = {
      ...once,
      ...firstTiming({ ...once, active_from: null, active_until: null }, START - HOUR),
    };
    const done = { ...once, ...advance({ ...once, ...advance(created, START + 1) }, START + 2 * HOUR) };
    expect(done.completed_at).toBe(START + HOUR);
    const later = { ...done, starts_at: START + 10 * DAY };
    expect(firstTiming(later, START + 3 * DAY).completed_at).toBeNull();
  });
});
