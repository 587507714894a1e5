import { HTTP_METHODS } from '../../../../../core/api/monitors';
import { Input, NativeSelect } from '../../../../components/ui/input';
import { Checkbox, describedBy, FormField, TEXTAREA } from '../../form/form-field';
import type { SectionProps } from '../types';
import { AssertionsEditor } from './assertions-editor';
import { HeadersEditor } from './headers-editor';
import { BODY_METHODS, type HttpFormState, type KeywordMode } from './http-form';

export function HttpAdvanced({ state, set, errors }: SectionProps<HttpFormState>) {
  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="monitor-method" label="Method" error={errors.method}>
          <NativeSelect
            {...describedBy('monitor-method', errors.method)}
            value={state.method}
            onChange={(event) => set({ method: event.target.value as HttpFormState['method'] })}
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
            onChange={(event) => set({ expectedStatus: event.target.value })}
            className="font-mono"
          />
        </FormField>
      </div>

      <HeadersEditor rows={state.headers} onChange={(headers) => set({ headers })} error={errors.headers} />

      {BODY_METHODS.has(state.method) ? (
        <FormField id="monitor-body" label="Request body" error={errors.body}>
          <textarea
            {...describedBy('monitor-body', errors.body)}
            value={state.body}
            onChange={(event) => set({ body: event.target.value })}
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
            onChange={(event) => set({ keywordMode: event.target.value as KeywordMode })}
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
              onChange={(event) => set({ keywordValue: event.target.value })}
            />
          </FormField>
        ) : null}
      </div>

      <AssertionsEditor
        rows={state.assertions}
        onChange={(assertions) => set({ assertions })}
        error={errors.assertions}
      />

      <div className="flex flex-col gap-3">
        <Checkbox
          id="monitor-follow-redirects"
          label="Follow redirects"
          hint="Up to 10 hops; the final answer is the one checked."
          checked={state.followRedirects}
          onChange={(followRedirects) => set({ followRedirects })}
        />
        <Checkbox
          id="monitor-ignore-tls"
          label="Ignore TLS errors"
          hint="An expired or untrusted certificate then passes. Visitors' browsers would still refuse it."
          checked={state.ignoreTlsErrors}
          onChange={(ignoreTlsErrors) => set({ ignoreTlsErrors })}
        />
      </div>
    </div>
  );
}
