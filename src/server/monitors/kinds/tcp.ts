// The tcp kind: a port that accepts connections (optionally over TLS, optionally answering).
import type { MonitorInputOf } from '../../../core/api/monitors.ts';
import { type TcpCheckConfig, type TcpCheckResult, tcpCheckRunner } from '../../checks/tcp.ts';
import {
  hostPort,
  outcomeOf,
  storedCheckConfig,
  storedConfig,
  UNUSED_HTTP_COLUMNS,
} from './stored-config.ts';
import type { KindAnswer, MonitorKindDefinition } from './types.ts';

type Stored = Omit<KindAnswer<'tcp'>, 'kind'>;

export const tcpKind: MonitorKindDefinition<'tcp', TcpCheckConfig, TcpCheckResult> = {
  kind: 'tcp',
  columns: ({ host, port, tls, send, expect }: MonitorInputOf<'tcp'>) => ({
    ...UNUSED_HTTP_COLUMNS,
    // tls:// marks it for the certificate checks, which find their monitors by URL scheme.
    url: `${tls ? 'tls' : 'tcp'}://${hostPort(host, port)}`,
    config: JSON.stringify({ host, port, tls, send, expect } satisfies Stored),
  }),
  answer: (row) => ({ kind: 'tcp', ...storedConfig<Stored>(row) }),
  target: (row) => {
    const { host, port, tls } = storedConfig<Stored>(row);
    return `${hostPort(host, port)}${tls ? ' (TLS)' : ''}`;
  },
  certificateUrl: (row) => {
    const { host, port, tls } = storedConfig<Stored>(row);
    return tls ? `https://${hostPort(host, port)}/` : null;
  },
  watchedHost: (input) => input.host,
  vet: (input, vet) => vet.host(input.host),
  check: {
    config: (row) => storedCheckConfig<Stored>(row),
    run: (config, ctx) => tcpCheckRunner.run(config, ctx),
    outcome: (_monitor, result) => ({
      ...outcomeOf(result),
      tlsFingerprint: result.tls?.fingerprintSha256 ?? null,
    }),
  },
};
