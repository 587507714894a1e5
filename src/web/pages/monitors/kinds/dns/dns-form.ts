// The dns kind's form state and its payload.
import type { DnsMatch, DnsRecordType } from '../../../../../core/api/monitor-kinds/dns';
import type { MonitorOf } from '../../../../../core/api/monitors';

export interface DnsFormState {
  hostname: string;
  recordType: DnsRecordType;
  /** Empty: the system resolver. */
  resolver: string;
  match: DnsMatch;
  /** One expected value per line (TXT values may hold commas). */
  expected: string;
}

export const MATCH_LABELS: Record<DnsMatch, string> = {
  resolves: 'Any answer',
  any: 'At least one expected value',
  all: 'Every expected value',
  none: 'None of the expected values',
};

export function emptyDnsState(): DnsFormState {
  return { hostname: '', recordType: 'A', resolver: '', match: 'resolves', expected: '' };
}

export function dnsStateFromMonitor(monitor: MonitorOf<'dns'>): DnsFormState {
  return {
    hostname: monitor.hostname,
    recordType: monitor.recordType,
    resolver: monitor.resolver ?? '',
    match: monitor.match,
    expected: monitor.expected.join('\n'),
  };
}

export function dnsPayload(state: DnsFormState): Record<string, unknown> {
  const expected = state.expected
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return {
    kind: 'dns',
    hostname: state.hostname,
    recordType: state.recordType,
    resolver: state.resolver.trim() === '' ? null : state.resolver,
    match: state.match,
    // Kept while "Any answer" is chosen, so switching back does not lose them; the check ignores them.
    expected,
  };
}
