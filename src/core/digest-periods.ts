// Digest periods in the owner's time zone: a daily digest covers yesterday, a weekly one the
// seven days before the send day, and both go out at the chosen hour of the send day.
import type { DigestFrequency } from './api/digests.ts';
import { isValidTimeZone } from './time-zones.ts';

const DAY_MS = 86_400_000;

export interface Schedule {
  frequency: DigestFrequency;
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
  hour: number;
  timezone: string;
}

export interface Period {
  frequency: 'daily' | 'weekly';
  /** The period before, compared against. */
  previousStart: number;
  start: number;
  end: number;
}

/** A calendar day, as days since 1970-01-01 (the zone's local date, not a UTC instant). */
type LocalDay = number;

export function safeTimeZone(timezone: string | null | undefined): string {
  return timezone && isValidTimeZone(timezone) ? timezone : 'UTC';
}

function offsetAt(epoch: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(epoch);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(epoch / 1000) * 1000;
}

function localDay(epoch: number, timeZone: string): LocalDay {
  return Math.floor((epoch + offsetAt(epoch, timeZone)) / DAY_MS);
}

/** The instant of `hour`:00 on a local day; across a DST gap, the first valid instant after. */
export function zonedTime(day: LocalDay, hour: number, timeZone: string): number {
  const wall = day * DAY_MS + hour * 3_600_000;
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  return offsetAt(second, timeZone) === offsetAt(first, timeZone) ? second : Math.max(first, second);
}

/** ISO weekday of a local day: 1970-01-01 was a Thursday (4). */
function isoWeekday(day: LocalDay): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

function isSendDay(schedule: Schedule, day: LocalDay): boolean {
  return schedule.frequency === 'daily' || isoWeekday(day) === schedule.weekday;
}

function periodEndingOn(frequency: 'daily' | 'weekly', day: LocalDay, timeZone: string): Period {
  const days = frequency === 'daily' ? 1 : 7;
  return {
    frequency,
    previousStart: zonedTime(day - 2 * days, 0, timeZone),
    start: zonedTime(day - days, 0, timeZone),
    end: zonedTime(day, 0, timeZone),
  };
}

/**
 * The latest period whose send time has passed, or null when digests are off. Only the latest:
 * after the job was down for weeks, the periods missed in between are not sent.
 */
export function latestDuePeriod(schedule: Schedule, now: number): (Period & { sendAt: number }) | null {
  if (schedule.frequency === 'off') return null;
  const today = localDay(now, schedule.timezone);
  for (let day = today; day >= today - 8; day--) {
    const sendAt = zonedTime(day, schedule.hour, schedule.timezone);
    if (isSendDay(schedule, day) && sendAt <= now)
      return { ...periodEndingOn(schedule.frequency, day, schedule.timezone), sendAt };
  }
  return null;
}

/** When the next digest goes out after `now`; null when off. */
export function nextSendAt(schedule: Schedule, now: number): number | null {
  if (schedule.frequency === 'off') return null;
  const today = localDay(now, schedule.timezone);
  for (let day = today; day <= today + 8; day++) {
    const at = zonedTime(day, schedule.hour, schedule.timezone);
    if (isSendDay(schedule, day) && at > now) return at;
  }
  return null;
}

/** The period in progress (for a preview): from the last period's end up to `now`. */
export function currentPeriod(schedule: Schedule, now: number): Period {
  const frequency = schedule.frequency === 'daily' ? 'daily' : 'weekly';
  const today = localDay(now, schedule.timezone);
  let day = today;
  while (frequency === 'weekly' && isoWeekday(day) !== schedule.weekday) day--;
  const days = frequency === 'daily' ? 1 : 7;
  return {
    frequency,
    previousStart: zonedTime(day - days, 0, schedule.timezone),
    start: zonedTime(day, 0, schedule.timezone),
    end: now,
  };
}
