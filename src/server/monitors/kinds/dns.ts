// The dns kind: a name's records of one type, from the system resolver or a chosen one.
import { parseResolver } from '../../../core/api/monitor-kinds/dns.ts';
import type { MonitorInputOf } from '../../../core/api/monitors.ts';
import { type DnsCheckConfig, type DnsCheckResult, dnsCheckRunner } from '../../checks/dns.ts';
import { outcomeOf, storedCheckConfig, storedConfig, UNUSED_HTTP_COLUMNS } from './stored-config.ts';
import type { KindAnswer, MonitorKindDefinition } from './types.ts';

type Stored = Omit<KindAnswer<'dns'>, 'kind'>;

export const dnsKind: MonitorKindDefinition<'dns', DnsCheckConfig, DnsCheckResult> = {
  kind: 'dns',
  columns: ({ hostname, recordType, resolver, match, expected }: MonitorInputOf<'dns'>) => ({
    ...UNUSED_HTTP_COLUMNS,
    url: `dns://${resolver ? `${resolver}/` : '/'}${hostname}?type=${recordType}`,
    config: JSON.stringify({ hostname, recordType, resolver, match, expected } satisfies Stored),
  }),
  answer: (row) => ({ kind: 'dns', ...storedConfig<Stored>(row) }),
  target: (row) => {
    const { hostname, recordType, resolver } = storedConfig<Stored>(row);
    return `${hostname} ${recordType}${resolver ? ` @${resolver}` : ''}`;
  },
  certificateUrl: () => null,
  watchedHost: (input) => input.hostname,
  vet: async (input, vet) => {
    const resolver = input.resolver ? parseResolver(input.resolver) : null;
    if (resolver) await vet.host(resolver.address);
  },
  check: {
    config: (row) => {
      const stored = storedCheckConfig<Stored>(row);
      return { ...stored, resolver: stored.resolver ? parseResolver(stored.resolver) : null };
    },
    run: (config, ctx) => dnsCheckRunner.run(config, ctx),
    outcome: (_monitor, result) => outcomeOf(result, { answers: result.answers }),
  },
};
