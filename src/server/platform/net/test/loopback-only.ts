// For tests: a socket opener and resolver that can never reach anything but this machine, so a
// broken guard fails the test instead of sending traffic to a real private address.
import type { SocketOpener } from '../guarded-connect.ts';
import { openTcpSocket } from '../guarded-connect.ts';
import type { ResolvedAddress, Resolver } from '../target-guard.ts';

export function isLoopback(address: string): boolean {
  return /^127\.\d+\.\d+\.\d+$/.test(address) || address === '::1';
}

export interface LoopbackOnlyOpener extends SocketOpener {
  /** Every address a socket was asked for, including refused ones. */
  readonly attempts: string[];
}

export function loopbackOnlyOpener(): LoopbackOnlyOpener {
  const attempts: string[] = [];
  const open: SocketOpener = (options) => {
    const { host } = options;
    attempts.push(host);
    if (!isLoopback(host)) {
      // Reported like a refused connection, so a run completes with a result to assert on.
      const message = `The test connector refuses the non-loopback address ${host}.`;
      throw Object.assign(new Error(message), { code: 'ECONNREFUSED' });
    }
    return openTcpSocket(options);
  };
  return Object.assign(open, { attempts });
}

/** Resolves names from a table; refuses to answer anything else, like a name that does not exist. */
export function tableResolver(table: Record<string, readonly string[]>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve: Resolver = async (hostname) => {
    calls.push(hostname);
    const addresses = table[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { calls });
}
