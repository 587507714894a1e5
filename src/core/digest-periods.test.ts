import { describe, expect, it } from 'vitest';
import { currentPeriod, latestDuePeriod, nextSendAt, type Schedule } from './digest-periods.ts';

const weekly = (overrides: Partial<Schedule> = {}): Schedule => ({
  frequency: 'weekly',
  weekday: 1,
  hour: 8,
  timezone: 'America/New_York',
  ...overrides,
});

describe('digest periods', () => {
  it('covers the Monday–Sunday week before the send day, across a DST change, from Monday 08:00 local', () => {
    // New York leaves DST on Sunday 1 November 2026: the week of 26 Oct has 169 hours.
    const sendAt = Date.UTC(2026, 10, 2, 13); // Monday 2 Nov, 08:00 EST
    expect(latestDuePeriod(weekly(), sendAt - 1)).toMatchObject({ end: Date.UTC(2026, 9, 26, 4) });
    expect(latestDuePeriod(weekly(), sendAt)).toEqual({
      frequency: 'weekly',
      previousStart: Date.UTC(2026, 9, 19, 4),
      start: Date.UTC(2026, 9, 26, 4),
      end: Date.UTC(2026, 10, 2, 5),
      sendAt,
    });
    expect(nextSendAt(weekly(), sendAt - 1)).toBe(sendAt);
    expect(nextSendAt(weekly(), sendAt)).toBe(sendAt + 7 * 86_400_000);
  });

  it('sends on the chosen weekday and hour and covers the seven days before it', () => {
    const friday = weekly({ weekday: 5, hour: 17, timezone: 'Asia/Tokyo' });
    // Friday 13 Nov 2026, 17:00 in Tokyo (UTC+9) = 08:00 UTC.
    const due = latestDuePeriod(friday, Date.UTC(2026, 10, 13, 8));
    expect(due).toMatchObject({ start: Date.UTC(2026, 10, 5, 15), end: Date.UTC(2026, 10, 12, 15) });
  });

  it('has no period and no send time when off', () => {
    expect(latestDuePeriod(weekly({ frequency: 'off' }), Date.UTC(2026, 10, 2))).toBeNull();
    expect(nextSendAt(weekly({ frequency: 'off' }), Date.UTC(2026, 10, 2))).toBeNull();
  });

  it('takes a daily digest for yesterday, and a preview from the current period start to now', () => {
    const daily = weekly({ frequency: 'daily', timezone: 'UTC', hour: 6 });
    const now = Date.UTC(2026, 10, 18, 7);
    expect(latestDuePeriod(daily, now)).toMatchObject({
      start: Date.UTC(2026, 10, 17),
      end: Date.UTC(2026, 10, 18),
      previousStart: Date.UTC(2026, 10, 16),
    });
    expect(currentPeriod(daily, now)).toEqual({
      frequency: 'daily',
      previousStart: Date.UTC(2026, 10, 17),
      start: Date.UTC(2026, 10, 18),
      end: now,
    });
    expect(currentPeriod(weekly({ timezone: 'UTC' }), now)).toMatchObject({
      start: Date.UTC(2026, 10, 16),
      end: now,
    });
  });
});
