// The ping kind: ICMP echo to a host through the system ping.
import type { MonitorInputOf } from '../../../core/api/monitors.ts';
import { type PingCheckConfig, type PingCheckResult, pingCheckRunner } from '../../checks/ping.ts';
import { outcomeOf, storedCheckConfig, storedConfig, UNUSED_HTTP_COLUMNS } from './stored-config.ts';
import type { KindAnswer, MonitorKindDefinition } from './types.ts';

type Stored = Omit<KindAnswer<'ping'>, 'kind'>;

export const pingKind: MonitorKindDefinition<'ping', PingCheckConfig, PingCheckResult> = {
  kind: 'ping',
  columns: ({ host, packets, lossThresholdPercent }: MonitorInputOf<'ping'>) => ({
    ...UNUSED_HTTP_COLUMNS,
    url: `icmp://${host.includes(':') ? `[${host}]` : host}`,
    config: JSON.stringify({ host, packets, lossThresholdPercent } satisfies Stored),
  }),
  answer: (row) => ({ kind: 'ping', ...storedConfig<Stored>(row) }),
  target: (row) => storedConfig<Stored>(row).host,
  certificateUrl: () => null,
  watchedHost: (input) => input.host,
  vet: (input, vet) => vet.host(input.host),
  check: {
    config: (row) => storedCheckConfig<Stored>(row),
    run: (config, ctx) => pingCheckRunner.run(config, ctx),
    outcome: (_monitor, result) => outcomeOf(result, result.facts && { ...result.facts }),
  },
};
