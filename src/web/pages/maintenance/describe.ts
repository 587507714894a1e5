// Words for a maintenance window's schedule, as the list and the calendar show it.
import type { MaintenanceWindow } from '../../../core/api/maintenance';
import { zonedParts } from '../../../core/maintenance-schedule';
import { dateTimeFormat, formatDateTime } from '../../lib/format';

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th'}`;
}

/** "Once", "Every day", "Every week on Mon, Thu", "Every month on the 1st, 15th", with the zone. */
export function describeRecurrence(recurrence: MaintenanceWindow['recurrence']): string {
  if (!recurrence) return 'Once';
  const zone = ` (${recurrence.timezone})`;
  switch (recurrence.frequency) {
    case 'daily':
      return `Every day${zone}`;
    case 'weekly':
      return `Every week on ${recurrence.daysOfWeek.map((day) => WEEKDAYS[day]).join(', ')}${zone}`;
    case 'monthly':
      return `Every month on the ${recurrence.daysOfMonth.map(ordinal).join(', ')}${zone}`;
  }
}

/** "45 min", "2 h", "1 h 30 min". */
export function describeDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** "Mar 9, 2026, 9:00 AM – 10:00 AM", the end's date repeated only when it is another day. */
export function describeSpan(startsAt: number, endsAt: number, timeZone: string): string {
  const sameDay = zonedParts(startsAt, timeZone).date === zonedParts(endsAt, timeZone).date;
  const end = sameDay
    ? dateTimeFormat({ timeZone, timeStyle: 'short' }).format(endsAt)
    : formatDateTime(endsAt, timeZone, false);
  return `${formatDateTime(startsAt, timeZone, false)} – ${end}`;
}
