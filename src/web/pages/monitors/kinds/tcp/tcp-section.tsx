import { Input } from '../../../../components/ui/input';
import { cn } from '../../../../lib/cn';
import { Checkbox, describedBy, FormField, TEXTAREA } from '../../form/form-field';
import type { SectionProps } from '../types';
import type { TcpFormState } from './tcp-form';

export function TcpSection({ state, set, errors }: SectionProps<TcpFormState>) {
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_9rem]">
        <FormField id="monitor-host" label="Host" error={errors.host}>
          <Input
            {...describedBy('monitor-host', errors.host)}
            value={state.host}
            onChange={(event) => set({ host: event.target.value })}
            placeholder="db.example.com"
            autoCapitalize="off"
            spellCheck={false}
            className="font-mono"
          />
        </FormField>
        <FormField id="monitor-port" label="Port" error={errors.port}>
          <Input
            {...describedBy('monitor-port', errors.port)}
            type="number"
            inputMode="numeric"
            min={1}
            max={65535}
            value={state.port}
            onChange={(event) => set({ port: event.target.value })}
            placeholder="5432"
            className="font-mono"
          />
        </FormField>
      </div>
      <Checkbox
        id="monitor-tls"
        label="Connect over TLS"
        hint="The TLS handshake must complete, as for a database or mail server with TLS on connect."
        checked={state.tls}
        onChange={(tls) => set({ tls })}
      />
    </div>
  );
}

export function TcpAdvanced({ state, set, errors }: SectionProps<TcpFormState>) {
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <FormField
        id="monitor-send"
        label="Send after connecting"
        error={errors.send}
        hint="Optional text written once the connection is open; line breaks are sent as typed."
      >
        <textarea
          {...describedBy('monitor-send', errors.send, true)}
          value={state.send}
          onChange={(event) => set({ send: event.target.value })}
          className={cn(TEXTAREA, 'min-h-10')}
          rows={2}
        />
      </FormField>
      <FormField
        id="monitor-expect"
        label="Expect in the answer"
        error={errors.expect}
        hint="Optional text the first bytes the server sends must contain."
      >
        <Input
          {...describedBy('monitor-expect', errors.expect, true)}
          value={state.expect}
          onChange={(event) => set({ expect: event.target.value })}
          className="font-mono"
        />
      </FormField>
    </div>
  );
}
