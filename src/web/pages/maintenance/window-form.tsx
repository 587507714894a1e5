import { type FormEvent, useState } from 'react';
import {
  type MaintenanceWindow,
  type MaintenanceWindowInput,
  maintenanceWindowInputSchema,
} from '../../../core/api/maintenance';
import { type MaintenanceFrequency, zonedParts, zonedTime } from '../../../core/maintenance-schedule';
import { Button } from '../../components/ui/button';
import { Field, FormError, Input, Label, NativeSelect } from '../../components/ui/input';
import { useSaveWindow } from '../../lib/maintenance';
import { timeZoneOptions } from '../../lib/time-zones';
import { useTimeZone } from '../../lib/use-time-zone';
import { MonitorPicker } from '../deployments/monitor-picker';
import { useMonitorChoices } from '../incidents/use-monitor-choices';
import { WEEKDAYS } from './describe';

type Repeat = 'never' | MaintenanceFrequency;
const REPEAT_LABELS: Record<Repeat, string> = {
  never: 'Does not repeat',
  daily: 'Every day',
  weekly: 'Every week',
  monthly: 'Every month',
};

interface FormState {
  name: string;
  date: string;
  time: string;
  timezone: string;
  duration: string;
  allMonitors: boolean;
  monitorIds: string[];
  repeat: Repeat;
  daysOfWeek: number[];
  daysOfMonth: string;
}

function initialState(window: MaintenanceWindow | null, viewerZone: string): FormState {
  const timezone = window?.recurrence?.timezone ?? viewerZone;
  // A new window starts at the next whole hour.
  const startsAt = window?.startsAt ?? Math.ceil(Date.now() / 3_600_000) * 3_600_000;
  const { date, time } = zonedParts(startsAt, timezone);
  return {
    name: window?.name ?? '',
    date,
    time,
    timezone,
    duration: String(window?.durationMinutes ?? 60),
    allMonitors: window ? window.allMonitors : true,
    monitorIds: window?.monitorIds ?? [],
    repeat: window?.recurrence?.frequency ?? 'never',
    daysOfWeek: window?.recurrence?.daysOfWeek ?? [],
    daysOfMonth: window?.recurrence?.daysOfMonth.join(', ') ?? '',
  };
}

/** The API body, or a sentence saying what to fix. */
function payloadOf(form: FormState): MaintenanceWindowInput | string {
  const startsAt = zonedTime(form.date, form.time, form.timezone);
  if (startsAt === null) return 'Pick the date and time the window starts.';
  const days = form.daysOfMonth
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
  const parsed = maintenanceWindowInputSchema.safeParse({
    name: form.name,
    startsAt,
    durationMinutes: Number(form.duration),
    monitorIds: form.allMonitors ? [] : form.monitorIds,
    recurrence:
      form.repeat === 'never'
        ? null
        : {
            frequency: form.repeat,
            timezone: form.timezone,
            ...(form.repeat === 'weekly' ? { daysOfWeek: form.daysOfWeek } : {}),
            ...(form.repeat === 'monthly' ? { daysOfMonth: days } : {}),
          },
  });
  if (!form.allMonitors && form.monitorIds.length === 0)
    return 'Choose at least one monitor, or all monitors.';
  return parsed.success ? parsed.data : (parsed.error.issues[0]?.message ?? 'Check the form.');
}

/** Schedules a window, or changes one: name, start in a chosen zone, duration, monitors, repeat. */
export function WindowForm({ window, onDone }: { window: MaintenanceWindow | null; onDone: () => void }) {
  const viewerZone = useTimeZone();
  const monitors = useMonitorChoices();
  const [form, setForm] = useState(() => initialState(window, viewerZone));
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useSaveWindow(window?.id ?? null, onDone);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm({ ...form, [key]: value });
  const toggleDay = (day: number) =>
    set(
      'daysOfWeek',
      form.daysOfWeek.includes(day) ? form.daysOfWeek.filter((d) => d !== day) : [...form.daysOfWeek, day],
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const payload = payloadOf(form);
    if (typeof payload === 'string') {
      setInvalid(payload);
      return;
    }
    setInvalid(null);
    save.mutate(payload);
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <Field>
        <Label htmlFor="window-name">Name</Label>
        <Input
          id="window-name"
          value={form.name}
          onChange={(event) => set('name', event.target.value)}
          placeholder="Database upgrade"
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field>
          <Label htmlFor="window-date">Start date</Label>
          <Input
            id="window-date"
            type="date"
            value={form.date}
            onChange={(event) => set('date', event.target.value)}
          />
        </Field>
        <Field>
          <Label htmlFor="window-time">Start time</Label>
          <Input
            id="window-time"
            type="time"
            value={form.time}
            onChange={(event) => set('time', event.target.value)}
          />
        </Field>
        <Field>
          <Label htmlFor="window-zone">Time zone</Label>
          <NativeSelect
            id="window-zone"
            value={form.timezone}
            onChange={(event) => set('timezone', event.target.value)}
          >
            {timeZoneOptions(form.timezone).map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field>
          <Label htmlFor="window-duration">Duration (minutes)</Label>
          <Input
            id="window-duration"
            type="number"
            min={1}
            inputMode="numeric"
            value={form.duration}
            onChange={(event) => set('duration', event.target.value)}
          />
        </Field>
      </div>
      <Field>
        <Label htmlFor="window-repeat">Repeats</Label>
        <NativeSelect
          id="window-repeat"
          value={form.repeat}
          onChange={(event) => set('repeat', event.target.value as Repeat)}
        >
          {(Object.keys(REPEAT_LABELS) as Repeat[]).map((repeat) => (
            <option key={repeat} value={repeat}>
              {REPEAT_LABELS[repeat]}
            </option>
          ))}
        </NativeSelect>
        <p className="text-xs text-muted">Each occurrence starts at the start time on the zone's clock.</p>
      </Field>
      {form.repeat === 'weekly' ? (
        <fieldset className="flex flex-wrap gap-3">
          <legend className="mb-1.5 text-sm font-medium">On</legend>
          {WEEKDAYS.map((label, day) => (
            <label key={label} className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-accent"
                checked={form.daysOfWeek.includes(day)}
                onChange={() => toggleDay(day)}
              />
              {label}
            </label>
          ))}
        </fieldset>
      ) : null}
      {form.repeat === 'monthly' ? (
        <Field>
          <Label htmlFor="window-days">Days of the month</Label>
          <Input
            id="window-days"
            value={form.daysOfMonth}
            onChange={(event) => set('daysOfMonth', event.target.value)}
            placeholder="1, 15"
          />
        </Field>
      ) : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium">Covers</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="window-covers"
            className="size-4 accent-accent"
            checked={form.allMonitors}
            onChange={() => set('allMonitors', true)}
          />
          All monitors
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="window-covers"
            className="size-4 accent-accent"
            checked={!form.allMonitors}
            onChange={() => set('allMonitors', false)}
          />
          Chosen monitors
        </label>
      </fieldset>
      {form.allMonitors ? null : (
        <MonitorPicker
          monitors={monitors}
          chosen={form.monitorIds}
          onChange={(ids) => set('monitorIds', ids)}
          hint="The window covers the monitors checked here."
        />
      )}
      <FormError>{invalid ?? save.error?.message}</FormError>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : window ? 'Save window' : 'Schedule window'}
        </Button>
      </div>
    </form>
  );
}
