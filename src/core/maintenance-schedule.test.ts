import { describe, expect, it } from 'vitest';
import {
  cronPattern,
  type MaintenanceRecurrence,
  type MaintenanceSchedule,
  nextStartAfter,
  occurrencesBetween,
  startsAfter,
  withDefaultDays,
  zonedParts,
  zonedTime,
} from './maintenance-schedule.ts';

const iso = (ats: number[]) => ats.map((at) => new Date(at).toISOString());

function weekly(startsAt: number, timezone: string, daysOfWeek?: number[]): MaintenanceSchedule {
  return {
    startsAt,
    durationMinutes: 60,
    recurrence: withDefaultDays({ frequency: 'weekly', timezone, daysOfWeek }, startsAt),
  };
}

describe('maintenance occurrences', () => {
  it('keeps a weekly New York window at 09:00 local across the March change to daylight saving time', () => {
    // Monday 2 March 2026, 09:00 EST; clocks go forward on Sunday 8 March.
    const schedule = weekly(Date.UTC(2026, 2, 2, 14, 0), 'America/New_York');
    expect(schedule.recurrence?.daysOfWeek).toEqual([1]);
    expect(iso(startsAfter(schedule, 0, 3))).toEqual([
      '2026-03-02T14:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
      '2026-03-16T13:00:00.000Z',
    ]);
  });

  it('keeps a weekly New York window at 22:30 local across the November change back to standard time', () => {
    // Saturday 24 October 2026, 22:30 EDT; clocks go back on Sunday 1 November.
    const schedule = weekly(Date.UTC(2026, 9, 25, 2, 30), 'America/New_York');
    expect(schedule.recurrence?.daysOfWeek).toEqual([6]);
    expect(iso(startsAfter(schedule, 0, 3))).toEqual([
      '2026-10-25T02:30:00.000Z',
      '2026-11-01T02:30:00.000Z',
      '2026-11-08T03:30:00.000Z',
    ]);
  });

  it('repeats daily, and monthly on the days given, skipping months without the day', () => {
    const startsAt = Date.UTC(2026, 0, 31, 8, 0);
    const daily: MaintenanceSchedule = {
      startsAt,
      durationMinutes: 30,
      recurrence: withDefaultDays({ frequency: 'daily', timezone: 'UTC' }, startsAt),
    };
    expect(cronPattern(daily.recurrence as MaintenanceRecurrence, startsAt)).toBe('0 8 * * *');
    expect(iso(startsAfter(daily, startsAt, 2))).toEqual([
      '2026-02-01T08:00:00.000Z',
      '2026-02-02T08:00:00.000Z',
    ]);
    const monthly: MaintenanceSchedule = {
      startsAt,
      durationMinutes: 30,
      recurrence: withDefaultDays({ frequency: 'monthly', timezone: 'UTC' }, startsAt),
    };
    expect(monthly.recurrence?.daysOfMonth).toEqual([31]);
    expect(iso(startsAfter(monthly, 0, 3))).toEqual([
      '2026-01-31T08:00:00.000Z',
      '2026-03-31T08:00:00.000Z',
      '2026-05-31T08:00:00.000Z',
    ]);
  });

  it('reads weekdays in the window’s zone, not in UTC', () => {
    // Tuesday 01:00 in Tokyo is still Monday in UTC.
    const schedule = weekly(Date.UTC(2026, 5, 1, 16, 0), 'Asia/Tokyo');
    expect(schedule.recurrence?.daysOfWeek).toEqual([2]);
  });

  it('stops at until, and a one-off window has its one occurrence', () => {
    const startsAt = Date.UTC(2026, 2, 2, 14, 0);
    const schedule = weekly(startsAt, 'America/New_York');
    const bounded = {
      ...schedule,
      recurrence: { ...(schedule.recurrence as MaintenanceRecurrence), until: startsAt + 8 * 86_400_000 },
    };
    expect(startsAfter(bounded, 0, 5)).toHaveLength(2);
    const oneOff: MaintenanceSchedule = { startsAt, durationMinutes: 90, recurrence: null };
    expect(nextStartAfter(oneOff, startsAt - 1)).toBe(startsAt);
    expect(nextStartAfter(oneOff, startsAt)).toBeNull();
    expect(occurrencesBetween(oneOff, startsAt + 60 * 60_000, startsAt + 86_400_000)).toEqual([
      { startsAt, endsAt: startsAt + 90 * 60_000 },
    ]);
  });
});

describe('wall-clock times in a zone', () => {
  it('turns a date and time on a New York clock into the instant, on both sides of the change', () => {
    expect(zonedTime('2026-03-02', '09:00', 'America/New_York')).toBe(Date.UTC(2026, 2, 2, 14, 0));
    expect(zonedTime('2026-03-09', '09:00', 'America/New_York')).toBe(Date.UTC(2026, 2, 9, 13, 0));
    expect(zonedParts(Date.UTC(2026, 2, 9, 13, 0), 'America/New_York')).toEqual({
      date: '2026-03-09',
      time: '09:00',
    });
    expect(zonedTime('2026-13-40', '09:00', 'UTC')).toBeNull();
    expect(zonedTime('2026-03-02', 'xx', 'UTC')).toBeNull();
  });
});
