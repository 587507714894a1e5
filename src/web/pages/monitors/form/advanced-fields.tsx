import { HTTP_METHODS, MAX_TIMEOUT_SECONDS } from '../../../../core/api/monitors';
import { Input, NativeSelect } from '../../../components/ui/input';
import { Checkbox, describedBy, FormField } from './form-field';
import { BODY_METHODS, type FieldErrors, type KeywordMode, type MonitorFormState } from './form-values';
import { HeadersEditor } from './headers-editor';

export type SetField = <K extends keyof MonitorFormState>(key: K, value: MonitorFormState[K]) => void;

const TEXTAREA =
  'min-h-24 w-full rounded-ui border border-border bg-bg px-3 py-2 font-mono text-sm shadow-sm ' +
  'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring';

export function AdvancedFields({
  state,
  set,
  errors,
}: {
  state: MonitorFormState;
  set: SetField;
  errors: FieldErrors;
}) {
  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="monitor-method" label="Method" error={errors.method}>
          <NativeSelect
            {...describedBy('monitor-method', errors.method)}
            value={state.method}
            onChange={(event) => set('method', event.target.value as MonitorFormState['method'])}
          >
            {HTTP_METHODS.map((method) => (
              <option key={method}>{method}</option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id="monitor-expected-status"
          label="Expected status codes"
          error={errors.expectedStatus}
          hint="Ranges and lists, like 200-299,301."
        >
          <Input
            {...describedBy('monitor-expected-status', errors.expectedStatus, true)}
            value={state.expectedStatus}
            onChange={(event) => set('expectedStatus', event.target.value)}
            className="font-mono"
          />
        </FormField>
      </div>

      <HeadersEditor rows={state.headers} onChange={(rows) => set('headers', rows)} error={errors.headers} />

      {BODY_METHODS.has(state.method) ? (
        <FormField id="monitor-body" label="Request body" error={errors.body}>
          <textarea
            {...describedBy('monitor-body', errors.body)}
            value={state.body}
            onChange={(event) => set('body', event.target.value)}
            className={TEXTAREA}
            placeholder='{"ping": true}'
          />
        </FormField>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <FormField id="monitor-keyword-mode" label="Keyword check">
          <NativeSelect
            id="monitor-keyword-mode"
            value={state.keywordMode}
            onChange={(event) => set('keywordMode', event.target.value as KeywordMode)}
          >
            <option value="off">Off</option>
            <option value="contains">Body contains</option>
            <option value="not_contains">Body does not contain</option>
          </NativeSelect>
        </FormField>
        {state.keywordMode !== 'off' ? (
          <FormField id="monitor-keyword" label="Keyword" error={errors.keyword}>
            <Input
              {...describedBy('monitor-keyword', errors.keyword)}
              value={state.keywordValue}
              onChange={(event) => set('keywordValue', event.target.value)}
            />
          </FormField>
        ) : null}
      </div>

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

      <div className="flex flex-col gap-3">
        <Checkbox
          id="monitor-follow-redirects"
          label="Follow redirects"
          hint="Up to 10 hops; the final answer is the one checked."
          checked={state.followRedirects}
          onChange={(checked) => set('followRedirects', checked)}
        />
        <Checkbox
          id="monitor-ignore-tls"
          label="Ignore TLS errors"
          hint="An expired or untrusted certificate then passes. Visitors' browsers would still refuse it."
          checked={state.ignoreTlsErrors}
          onChange={(checked) => set('ignoreTlsErrors', checked)}
        />
      </div>
    </div>
  );
}
