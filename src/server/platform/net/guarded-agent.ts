// An undici dispatcher for outbound requests that need no timing breakdown (webhooks, alert
// channels): every new connection is vetted by the guard and goes to the vetted address.
import { Agent } from 'undici';
import type { TargetGuard } from './target-guard.ts';

export function createGuardedAgent(guard: TargetGuard, options: Omit<Agent.Options, 'connect'> = {}): Agent {
  return new Agent({
    ...options,
    connect(connectOptions, callback) {
      const { protocol, hostname, port } = connectOptions;
      // undici hands IPv6 literals over without their brackets, which a URL needs.
      const host = hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname;
      const origin = new URL(`${protocol}//${host}`);
      if (port) origin.port = String(port);
      guard
        .vetUrl(origin)
        .then((target) => guard.connect(target, {}))
        .then(
          (socket) => callback(null, socket),
          (err: Error) => callback(err, null),
        );
    },
  });
}
