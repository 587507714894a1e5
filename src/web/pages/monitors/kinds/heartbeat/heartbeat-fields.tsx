// The heartbeat part of the monitor form: a period or a cron expression with its time zone, and
// the grace time. Controlled; the cron is checked as it is typed with the same rule the server uses.
import { cronProblem } from '../../../../../core/api/monitor-kinds/heartbeat';
import { Input, NativeSelect } from '../../../../components/ui/input';
import { timeZoneOptions } from '../../../../lib/time-zones';
import { describedBy, FormField } from '../../form/form-field';

export interface HeartbeatFieldValues {
  periodSeconds: number | null;
  cron: string | null;
  timezone: string;
  graceSeconds: number;
}

type Errors = Partial<Record<keyof HeartbeatFieldValues, string>>;

const minutesOf = (seconds: number | null) => (seconds === null ? '' : String(seconds / 60));
const secondsOf = (minutes: string) => Math.max(0, Math.round(Number(minutes) * 60));

export function HeartbeatFields({
  value,
  onChange,
  errors = {},
}: {
  value: HeartbeatFieldValues;
  onChange: (next: HeartbeatFieldValues) => void;
  errors?: Errors;
}) {
  const mode = value.cron === null ? 'period' : 'cron';
  const cronError = errors.cron ?? (value.cron ? (cronProblem(value.cron) ?? undefined) : undefined);
  const set = (patch: Partial<HeartbeatFieldValues>) => onChange({ ...value, ...patch });

  return (
    <fieldset className="grid gap-4">
      <legend className="mb-2 text-sm font-medium">Expect a ping</legend>
      <div className="flex gap-4 text-sm" role="radiogroup" aria-label="Schedule">
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="heartbeat-mode"
            checked={mode === 'period'}
            onChange={() => set({ cron: null, periodSeconds: value.periodSeconds ?? 3600 })}
          />
          Every period
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="heartbeat-mode"
            checked={mode === 'cron'}
            onChange={() => set({ periodSeconds: null, cron: value.cron ?? '0 * * * *' })}
          />
          On a cron schedule
        </label>
      </div>
      {mode === 'period' ? (
        <FormField id="heartbeat-period" label="Period (minutes)" error={errors.periodSeconds}>
          <Input
            type="number"
            min={1}
            {...describedBy('heartbeat-period', errors.periodSeconds)}
            value={minutesOf(value.periodSeconds)}
            onChange={(event) => set({ periodSeconds: secondsOf(event.target.value) })}
          />
        </FormField>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="heartbeat-cron"
            label="Cron expression"
            error={cronError}
            hint="Five fields: minute hour day month weekday, e.g. */5 * * * *"
          >
            <Input
              className="font-mono"
              {...describedBy('heartbeat-cron', cronError, true)}
              value={value.cron ?? ''}
              onChange={(event) => set({ cron: event.target.value })}
            />
          </FormField>
          <FormField id="heartbeat-timezone" label="Time zone" error={errors.timezone}>
            <NativeSelect
              {...describedBy('heartbeat-timezone', errors.timezone)}
              value={value.timezone}
              onChange={(event) => set({ timezone: event.target.value })}
            >
              {timeZoneOptions(value.timezone).map((zone) => (
                <option key={zone}>{zone}</option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
      )}
      <FormField
        id="heartbeat-grace"
        label="Grace time (minutes)"
        error={errors.graceSeconds}
        hint="How late a ping may be before the monitor is down and you are alerted."
      >
        <Input
          type="number"
          min={0}
          {...describedBy('heartbeat-grace', errors.graceSeconds, true)}
          value={minutesOf(value.graceSeconds)}
          onChange={(event) => set({ graceSeconds: secondsOf(event.target.value) })}
        />
      </FormField>
    </fieldset>
  );
}
