// The ping kind's form state and its payload.
import type { MonitorOf } from '../../../../../core/api/monitors';

export interface PingFormState {
  host: string;
  /** As typed: the schema says what is wrong with them. */
  packets: string;
  lossThresholdPercent: string;
}

export function emptyPingState(): PingFormState {
  return { host: '', packets: '3', lossThresholdPercent: '100' };
}

export function pingStateFromMonitor(monitor: MonitorOf<'ping'>): PingFormState {
  return {
    host: monitor.host,
    packets: String(monitor.packets),
    lossThresholdPercent: String(monitor.lossThresholdPercent),
  };
}

const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Number(text));

export function pingPayload(state: PingFormState): Record<string, unknown> {
  return {
    kind: 'ping',
    host: state.host,
    packets: numberOrUndefined(state.packets),
    lossThresholdPercent: numberOrUndefined(state.lossThresholdPercent),
  };
}
