import { MAX_PING_PACKETS } from '../../../../../core/api/monitor-kinds/ping';
import { Input } from '../../../../components/ui/input';
import { describedBy, FormField } from '../../form/form-field';
import type { SectionProps } from '../types';
import type { PingFormState } from './ping-form';

export function PingSection({ state, set, errors }: SectionProps<PingFormState>) {
  return (
    <FormField
      id="monitor-host"
      label="Host"
      error={errors.host}
      hint="A host name or IP address, pinged over ICMP."
    >
      <Input
        {...describedBy('monitor-host', errors.host, true)}
        value={state.host}
        onChange={(event) => set({ host: event.target.value })}
        placeholder="router.example.com"
        autoCapitalize="off"
        spellCheck={false}
        className="font-mono"
      />
    </FormField>
  );
}

export function PingAdvanced({ state, set, errors }: SectionProps<PingFormState>) {
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <FormField
        id="monitor-packets"
        label="Packets per check"
        error={errors.packets}
        hint={`1 to ${MAX_PING_PACKETS}.`}
      >
        <Input
          {...describedBy('monitor-packets', errors.packets, true)}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_PING_PACKETS}
          value={state.packets}
          onChange={(event) => set({ packets: event.target.value })}
        />
      </FormField>
      <FormField
        id="monitor-loss-threshold"
        label="Down at packet loss (%)"
        error={errors.lossThresholdPercent}
        hint="100: only when every packet is lost."
      >
        <Input
          {...describedBy('monitor-loss-threshold', errors.lossThresholdPercent, true)}
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          value={state.lossThresholdPercent}
          onChange={(event) => set({ lossThresholdPercent: event.target.value })}
        />
      </FormField>
    </div>
  );
}
