// DNS checks that ask the same server with the same settings share one resolver (one c-ares
// channel). A fresh Resolver per check opened a UDP socket for its one query and closed it after:
// at 20,000 monitors, a tenth of them DNS, the lookups were about 6% of Upwatch's CPU
// (bench/scheduler.ts). A channel runs any number of queries at once, each with its own id.
import { Resolver } from 'node:dns/promises';

/** A channel reads the system's resolver settings (/etc/resolv.conf) when made: renewed this often. */
export const RESOLVER_MAX_AGE_MS = 60_000;
// The keys come from monitors' settings; a bound keeps odd ones from growing the map forever.
const MAX_RESOLVERS = 256;

export interface ResolverSettings {
  /** host:port of a vetted resolver, or null for the system's. */
  server: string | null;
  timeoutMs: number;
  /** The source address checks leave from, if one is set (target-guard.ts). */
  localAddress: string | undefined;
}

interface Shared {
  resolver: Resolver;
  madeAt: number;
}

const resolvers = new Map<string, Shared>();

/**
 * The resolver for these settings at `now`. A replaced one is only dropped from the map: its
 * queries in flight finish on it, as each check holds the resolver it asked until its answer.
 */
export function sharedResolver(settings: ResolverSettings, now: number): Resolver {
  const key = `${settings.server ?? ''}|${settings.timeoutMs}|${settings.localAddress ?? ''}`;
  const found = resolvers.get(key);
  if (found && now - found.madeAt < RESOLVER_MAX_AGE_MS && now >= found.madeAt) return found.resolver;
  if (!found && resolvers.size >= MAX_RESOLVERS) resolvers.clear();
  const resolver = new Resolver({ timeout: settings.timeoutMs, tries: 1 });
  const source = settings.localAddress;
  if (source) {
    if (source.includes(':')) resolver.setLocalAddress('0.0.0.0', source);
    else resolver.setLocalAddress(source);
  }
  if (settings.server) resolver.setServers([settings.server]);
  resolvers.set(key, { resolver, madeAt: now });
  return resolver;
}
