import { MAX_TIMEOUT_SECONDS } from '../../../../core/api/monitors';
import { Input } from '../../../components/ui/input';
import { describedBy, FormField } from './form-field';
import type { CommonFormState, FieldErrors } from './form-values';

export type SetCommon = <K extends keyof CommonFormState>(key: K, value: CommonFormState[K]) => void;

/** Timeout and degraded threshold: every kind has them, in the Advanced card. */
export function CommonAdvancedFields({
  state,
  set,
  errors,
}: {
  state: CommonFormState;
  set: SetCommon;
  errors: FieldErrors;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        id="monitor-timeout"
        label="Timeout (seconds)"
        error={errors.timeoutSeconds}
        hint={`At most ${MAX_TIMEOUT_SECONDS} seconds.`}
      >
        <Input
          {...describedBy('monitor-timeout', errors.timeoutSeconds, true)}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_TIMEOUT_SECONDS}
          value={state.timeoutSeconds}
          onChange={(event) => set('timeoutSeconds', event.target.value)}
        />
      </FormField>
      <FormField
        id="monitor-degraded"
        label="Degraded above (ms)"
        error={errors.degradedAboveMs}
        hint="Slower answers mark the monitor degraded. Leave empty to turn off."
      >
        <Input
          {...describedBy('monitor-degraded', errors.degradedAboveMs, true)}
          type="number"
          inputMode="numeric"
          min={1}
          placeholder="Off"
          value={state.degradedAboveMs}
          onChange={(event) => set('degradedAboveMs', event.target.value)}
        />
      </FormField>
    </div>
  );
}
