// Looks a registrable domain up over RDAP: the TLD's registry from IANA's bootstrap file (fetched
// through the SSRF guard and cached for a day), then `{base}domain/{name}`, whose `expiration`
// event says when the registration runs out. Every failure is an RdapError with a code.
import type { Clock } from '../platform/clock.ts';
import { createGuardedAgent } from '../platform/net/guarded-agent.ts';
import type { TargetGuard } from '../platform/net/target-guard.ts';
import { parseBootstrap, type RdapBootstrap, rdapBaseFor } from './rdap-bootstrap.ts';
import { getRdapJson, RdapError } from './rdap-fetch.ts';

export const BOOTSTRAP_TTL_MS = 24 * 3_600_000;
const LOOKUP_TIMEOUT_MS = 15_000;

export interface RdapDomain {
  expiresAt: number;
  registrar: string | null;
}

export interface RdapClientOptions {
  /** RDAP_BOOTSTRAP_URL. */
  bootstrapUrl: string;
  guard: TargetGuard;
  clock: Clock;
  timeoutMs?: number;
}

export interface RdapClient {
  lookup(domain: string, signal?: AbortSignal): Promise<RdapDomain>;
}

export function createRdapClient({
  bootstrapUrl,
  guard,
  clock,
  timeoutMs = LOOKUP_TIMEOUT_MS,
}: RdapClientOptions): RdapClient {
  let cached: { bootstrap: RdapBootstrap; fetchedAt: number } | undefined;
  let pending: Promise<RdapBootstrap> | undefined;

  function bootstrap(fetch: (url: string) => Promise<unknown>): Promise<RdapBootstrap> {
    if (cached && clock.now() - cached.fetchedAt < BOOTSTRAP_TTL_MS) return Promise.resolve(cached.bootstrap);
    // Lookups running side by side share one download.
    pending ??= fetch(bootstrapUrl)
      .then((json) => {
        const parsed = parseBootstrap(json);
        cached = { bootstrap: parsed, fetchedAt: clock.now() };
        return parsed;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  }

  return {
    async lookup(domain, signal) {
      const limit = AbortSignal.timeout(timeoutMs);
      const combined = signal ? AbortSignal.any([signal, limit]) : limit;
      // One agent per lookup: lookups are daily per domain, and nothing stays open between them.
      const dispatcher = createGuardedAgent(guard);
      const fetch = (url: string) => getRdapJson(url, { dispatcher, signal: combined });
      try {
        const base = rdapBaseFor(await bootstrap(fetch), domain);
        if (!base)
          throw new RdapError('no_rdap_server', `No RDAP server is listed for ${domain}'s top-level domain.`);
        const answer = await fetch(`${base}domain/${encodeURIComponent(domain)}`);
        return readDomain(answer, domain);
      } finally {
        await dispatcher.close().catch(() => undefined);
      }
    },
  };
}

interface RdapEvent {
  eventAction?: unknown;
  eventDate?: unknown;
}

interface RdapEntity {
  roles?: unknown;
  vcardArray?: unknown;
}

/** The expiration event's date and the registrar's name from an RDAP domain object. */
export function readDomain(answer: unknown, domain: string): RdapDomain {
  const object = (answer ?? {}) as { events?: unknown; entities?: unknown };
  const events = Array.isArray(object.events) ? (object.events as RdapEvent[]) : [];
  const expiration = events.find(
    (event) => typeof event.eventAction === 'string' && event.eventAction.toLowerCase() === 'expiration',
  );
  const expiresAt = typeof expiration?.eventDate === 'string' ? Date.parse(expiration.eventDate) : Number.NaN;
  if (!expiration)
    throw new RdapError('no_expiration', `The registry publishes no expiry date for ${domain}.`);
  if (Number.isNaN(expiresAt))
    throw new RdapError('bad_response', `The registry's expiry date for ${domain} is unreadable.`);
  const entities = Array.isArray(object.entities) ? (object.entities as RdapEntity[]) : [];
  const registrar = entities.find(
    (entity) => Array.isArray(entity.roles) && entity.roles.includes('registrar'),
  );
  return { expiresAt, registrar: registrar ? vcardName(registrar.vcardArray) : null };
}

/** jCard (RFC 7095): ["vcard", [["fn", {}, "text", "Example Registrar, Inc."], …]]. */
function vcardName(vcard: unknown): string | null {
  if (!Array.isArray(vcard) || !Array.isArray(vcard[1])) return null;
  for (const property of vcard[1] as unknown[]) {
    if (Array.isArray(property) && property[0] === 'fn' && typeof property[3] === 'string') {
      const name = property[3].trim();
      return name === '' ? null : name;
    }
  }
  return null;
}
