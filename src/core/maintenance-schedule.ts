// When a maintenance window's occurrences start: pure functions shared by the server (the
// maintenance job, the API's next occurrences) and the web app (the calendar). A recurring window
// repeats at the local time of day of its first start, in its IANA time zone, on the days its
// recurrence names; croner reads that as a cron pattern, so daylight saving time is croner's
// business, not date math of ours.
import { Cron } from 'croner';

export const MAINTENANCE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type MaintenanceFrequency = (typeof MAINTENANCE_FREQUENCIES)[number];

export interface MaintenanceRecurrence {
  frequency: MaintenanceFrequency;
  /** Weekly: 0 Sunday … 6 Saturday. */
  daysOfWeek: number[];
  /** Monthly: 1 … 31; a month without that day has no occurrence on it. */
  daysOfMonth: number[];
  timezone: string;
  /** No occurrence starts after this (epoch ms); null: forever. */
  until: number | null;
}

export interface MaintenanceSchedule {
  /** The first occurrence's start; a recurrence repeats its local time of day. */
  startsAt: number;
  durationMinutes: number;
  recurrence: MaintenanceRecurrence | null;
}

export interface Occurrence {
  startsAt: number;
  endsAt: number;
}

const MINUTE_MS = 60_000;

/** The hour, minute, weekday and day of the month of `at` as a clock in `timezone` shows them. */
export function localParts(at: number, timezone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    hourCycle: 'h23',
    hour: 'numeric',
    minute: 'numeric',
    weekday: 'short',
    day: 'numeric',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    hour: Number(part('hour')),
    minute: Number(part('minute')),
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday')),
    day: Number(part('day')),
  };
}

/** The five-field cron pattern of a recurrence whose first start is `startsAt`. */
export function cronPattern(recurrence: MaintenanceRecurrence, startsAt: number): string {
  const { hour, minute } = localParts(startsAt, recurrence.timezone);
  const list = (days: readonly number[]) => [...new Set(days)].sort((a, b) => a - b).join(',');
  switch (recurrence.frequency) {
    case 'daily':
      return `${minute} ${hour} * * *`;
    case 'weekly':
      return `${minute} ${hour} * * ${list(recurrence.daysOfWeek)}`;
    case 'monthly':
      return `${minute} ${hour} ${list(recurrence.daysOfMonth)} * *`;
  }
}

/** A recurrence's days filled in from its first start when none are given. */
export function withDefaultDays(
  recurrence: Omit<MaintenanceRecurrence, 'daysOfWeek' | 'daysOfMonth' | 'until'> &
    Partial<Pick<MaintenanceRecurrence, 'daysOfWeek' | 'daysOfMonth' | 'until'>>,
  startsAt: number,
): MaintenanceRecurrence {
  const local = localParts(startsAt, recurrence.timezone);
  const weekly = recurrence.frequency === 'weekly';
  const monthly = recurrence.frequency === 'monthly';
  return {
    frequency: recurrence.frequency,
    daysOfWeek: weekly ? (recurrence.daysOfWeek?.length ? recurrence.daysOfWeek : [local.weekday]) : [],
    daysOfMonth: monthly ? (recurrence.daysOfMonth?.length ? recurrence.daysOfMonth : [local.day]) : [],
    timezone: recurrence.timezone,
    until: recurrence.until ?? null,
  };
}

/**
 * Up to `count` occurrence starts strictly after `after`, in order. The first occurrence is the
 * first start at or after `startsAt` (to the minute); none starts after the recurrence's `until`.
 */
export function startsAfter(schedule: MaintenanceSchedule, after: number, count: number): number[] {
  const { recurrence } = schedule;
  if (!recurrence) return schedule.startsAt > after && count > 0 ? [schedule.startsAt] : [];
  const first = Math.floor(schedule.startsAt / MINUTE_MS) * MINUTE_MS;
  const cron = new Cron(cronPattern(recurrence, schedule.startsAt), {
    timezone: recurrence.timezone,
    paused: true,
  });
  // croner answers runs strictly after the date it is given.
  const from = Math.max(after, first - 1);
  return cron
    .nextRuns(count, new Date(from))
    .map((run) => run.getTime())
    .filter((at) => recurrence.until === null || at <= recurrence.until);
}

/** The next occurrence start strictly after `after`, or null when the schedule has none left. */
export function nextStartAfter(schedule: MaintenanceSchedule, after: number): number | null {
  return startsAfter(schedule, after, 1)[0] ?? null;
}

/** Occurrences that end after `from` and start before `to`, at most `limit`, in order. */
export function occurrencesBetween(
  schedule: MaintenanceSchedule,
  from: number,
  to: number,
  limit = 100,
): Occurrence[] {
  const length = schedule.durationMinutes * MINUTE_MS;
  return startsAfter(schedule, from - length, limit)
    .filter((start) => start < to)
    .map((start) => ({ startsAt: start, endsAt: start + length }));
}

/**
 * The instant a clock in `timezone` shows `date` (YYYY-MM-DD) at `time` (HH:MM): the first run of a
 * cron pattern naming that minute, looked for from two days before it (croner moves a time that
 * daylight saving skips forward, and takes the first of a repeated hour). Null for a bad date.
 */
export function zonedTime(date: string, time: string, timezone: string): number | null {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  if (![year, month, day, hour, minute].every((part) => Number.isInteger(part))) return null;
  const wall = Date.UTC(year as number, (month as number) - 1, day as number, hour, minute);
  try {
    const cron = new Cron(`${minute} ${hour} ${day} ${month} *`, { timezone, paused: true });
    return cron.nextRun(new Date(wall - 2 * 86_400_000))?.getTime() ?? null;
  } catch {
    // An hour, day or month out of range: croner refuses the pattern.
    return null;
  }
}

/** `at` as a clock in `timezone` shows it: a date (YYYY-MM-DD) and a time (HH:MM), for form fields. */
export function zonedParts(at: number, timezone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}
