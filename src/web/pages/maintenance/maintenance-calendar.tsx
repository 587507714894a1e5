import { type MaintenanceWindow, scheduleOfWindow } from '../../../core/api/maintenance';
import { localParts, occurrencesBetween, zonedParts, zonedTime } from '../../../core/maintenance-schedule';
import { cn } from '../../lib/cn';
import { dateTimeFormat } from '../../lib/format';
import { useTimeZone } from '../../lib/use-time-zone';
import { WEEKDAYS } from './describe';

export const CALENDAR_WEEKS = 4;

interface Entry {
  windowId: string;
  name: string;
  startsAt: number;
  inProgress: boolean;
}

/** A calendar date (YYYY-MM-DD) `days` later: dates are counted, the zone plays no part. */
function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) + days)).toISOString().slice(0, 10);
}

/** The weeks shown, Sunday first, from this week in the viewer's zone. */
function calendarDays(now: number, timeZone: string): string[] {
  const today = zonedParts(now, timeZone).date;
  const first = addDays(today, -localParts(now, timeZone).weekday);
  return Array.from({ length: CALENDAR_WEEKS * 7 }, (_, index) => addDays(first, index));
}

/** Each occurrence of the open windows in the calendar's span, under the viewer's day it starts on. */
function entriesByDay(windows: readonly MaintenanceWindow[], days: string[], timeZone: string) {
  const from = zonedTime(days[0] ?? '', '00:00', timeZone) ?? 0;
  const to = zonedTime(addDays(days.at(-1) ?? '', 1), '00:00', timeZone) ?? 0;
  const byDay = new Map<string, Entry[]>();
  const add = (window: MaintenanceWindow, startsAt: number, inProgress: boolean) => {
    const day = zonedParts(startsAt, timeZone).date;
    byDay.set(day, [
      ...(byDay.get(day) ?? []),
      { windowId: window.id, name: window.name, startsAt, inProgress },
    ]);
  };
  for (const window of windows) {
    if (window.current) add(window, window.current.startsAt, true);
    const next = window.nextOccurrences[0]?.startsAt;
    if (next === undefined) continue;
    for (const occurrence of occurrencesBetween(scheduleOfWindow(window), from, to)) {
      if (occurrence.startsAt >= next) add(window, occurrence.startsAt, false);
    }
  }
  for (const entries of byDay.values()) entries.sort((a, b) => a.startsAt - b.startsAt);
  return byDay;
}

function EntryLine({ entry, timeZone }: { entry: Entry; timeZone: string }) {
  const time = dateTimeFormat({ timeZone, timeStyle: 'short' }).format(entry.startsAt);
  return (
    <li
      className={cn(
        'truncate rounded px-1 py-0.5 text-xs',
        entry.inProgress ? 'bg-indigo-500/15 text-indigo-700 dark:text-indigo-200' : 'bg-surface text-fg',
      )}
      title={`${time} ${entry.name}`}
    >
      <span className="tabular-nums">{time}</span> {entry.name}
    </li>
  );
}

/** The next four weeks of maintenance: a grid from a tablet up, the days with windows on a phone. */
export function MaintenanceCalendar({
  windows,
  now,
}: {
  windows: readonly MaintenanceWindow[];
  now: number;
}) {
  const timeZone = useTimeZone();
  const days = calendarDays(now, timeZone);
  const byDay = entriesByDay(windows, days, timeZone);
  const today = zonedParts(now, timeZone).date;
  const dayLabel = (date: string) =>
    dateTimeFormat({ timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' }).format(
      Date.parse(`${date}T00:00:00Z`),
    );
  const busy = days.filter((day) => byDay.has(day) && day >= today);
  return (
    <section aria-labelledby="calendar-title">
      <h2 id="calendar-title" className="mb-3 text-lg font-semibold">
        Next {CALENDAR_WEEKS} weeks
      </h2>
      <ul aria-label="Maintenance by day" className="flex flex-col gap-2 sm:hidden">
        {busy.length === 0 ? <li className="text-sm text-muted">Nothing scheduled.</li> : null}
        {busy.map((day) => (
          <li key={day} className="rounded-ui border border-border p-3">
            <p className="mb-1 text-sm font-medium">{dayLabel(day)}</p>
            <ul className="flex flex-col gap-1">
              {byDay.get(day)?.map((entry) => (
                <EntryLine key={`${entry.windowId}-${entry.startsAt}`} entry={entry} timeZone={timeZone} />
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-hidden rounded-ui border border-border sm:block">
        <div className="grid grid-cols-7 border-b border-border bg-surface text-xs font-medium text-muted">
          {WEEKDAYS.map((day) => (
            <div key={day} className="px-2 py-1.5">
              {day}
            </div>
          ))}
        </div>
        <ol aria-label="Maintenance calendar" className="grid grid-cols-7">
          {days.map((day) => (
            <li
              key={day}
              aria-label={dayLabel(day)}
              className={cn(
                'min-h-24 border-r border-b border-border p-1.5 [&:nth-child(7n)]:border-r-0',
                day < today && 'bg-surface/60 text-muted',
              )}
            >
              <p className={cn('mb-1 text-xs tabular-nums', day === today && 'font-semibold text-accent')}>
                {Number(day.slice(8))}
              </p>
              <ul className="flex flex-col gap-1">
                {byDay.get(day)?.map((entry) => (
                  <EntryLine key={`${entry.windowId}-${entry.startsAt}`} entry={entry} timeZone={timeZone} />
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
