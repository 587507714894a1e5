import { DNS_MATCHES, DNS_RECORD_TYPES } from '../../../../../core/api/monitor-kinds/dns';
import { Input, NativeSelect } from '../../../../components/ui/input';
import { describedBy, FormField, TEXTAREA } from '../../form/form-field';
import type { SectionProps } from '../types';
import { type DnsFormState, MATCH_LABELS } from './dns-form';

export function DnsSection({ state, set, errors }: SectionProps<DnsFormState>) {
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_9rem]">
        <FormField id="monitor-hostname" label="Hostname" error={errors.hostname}>
          <Input
            {...describedBy('monitor-hostname', errors.hostname)}
            value={state.hostname}
            onChange={(event) => set({ hostname: event.target.value })}
            placeholder="example.com"
            autoCapitalize="off"
            spellCheck={false}
            className="font-mono"
          />
        </FormField>
        <FormField id="monitor-record-type" label="Record type" error={errors.recordType}>
          <NativeSelect
            {...describedBy('monitor-record-type', errors.recordType)}
            value={state.recordType}
            onChange={(event) => set({ recordType: event.target.value as DnsFormState['recordType'] })}
          >
            {DNS_RECORD_TYPES.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField
        id="monitor-resolver"
        label="Resolver"
        error={errors.resolver}
        hint="Leave empty for the system resolver, or ask one server directly: 1.1.1.1 or 1.1.1.1:53."
      >
        <Input
          {...describedBy('monitor-resolver', errors.resolver, true)}
          value={state.resolver}
          onChange={(event) => set({ resolver: event.target.value })}
          placeholder="System resolver"
          className="font-mono"
        />
      </FormField>
      <FormField id="monitor-match" label="Passes when the answer holds" error={errors.match}>
        <NativeSelect
          {...describedBy('monitor-match', errors.match)}
          value={state.match}
          onChange={(event) => set({ match: event.target.value as DnsFormState['match'] })}
        >
          {DNS_MATCHES.map((match) => (
            <option key={match} value={match}>
              {MATCH_LABELS[match]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {state.match !== 'resolves' ? (
        <FormField
          id="monitor-expected"
          label="Expected values"
          error={errors.expected}
          hint="One per line, as the record reads: 192.0.2.10, or 10 mail.example.com for MX. A name alone matches MX, SRV and CNAME targets."
        >
          <textarea
            {...describedBy('monitor-expected', errors.expected, true)}
            value={state.expected}
            onChange={(event) => set({ expected: event.target.value })}
            className={TEXTAREA}
          />
        </FormField>
      ) : null}
    </div>
  );
}
