// IANA's RDAP bootstrap for domains (RFC 9224, dns.json): which RDAP base URL serves each TLD.
// Pure parsing and matching; the client caches the parsed file.
import { RdapError } from './rdap-fetch.ts';

/** Label (e.g. "com", "co.uk") → the registry's RDAP base URL, ending in "/". */
export type RdapBootstrap = ReadonlyMap<string, string>;

export function parseBootstrap(json: unknown): RdapBootstrap {
  const services = (json as { services?: unknown } | null)?.services;
  if (!Array.isArray(services))
    throw new RdapError('bad_response', 'The RDAP bootstrap file has no services.');
  const bases = new Map<string, string>();
  for (const service of services) {
    if (!Array.isArray(service)) continue;
    const [labels, urls] = service as [unknown, unknown];
    if (!Array.isArray(labels) || !Array.isArray(urls)) continue;
    const base = pickBase(urls.filter((url): url is string => typeof url === 'string'));
    if (!base) continue;
    for (const label of labels) {
      if (typeof label === 'string') bases.set(label.toLowerCase(), base);
    }
  }
  return bases;
}

/** RFC 9224 says prefer https; the base always ends in "/" so "domain/<name>" can follow it. */
function pickBase(urls: readonly string[]): string | undefined {
  const chosen =
    urls.find((url) => url.startsWith('https://')) ?? urls.find((url) => url.startsWith('http://'));
  if (!chosen) return undefined;
  return chosen.endsWith('/') ? chosen : `${chosen}/`;
}

/** The longest matching label wins: "example.co.uk" tries "co.uk", then "uk". */
export function rdapBaseFor(bootstrap: RdapBootstrap, domain: string): string | undefined {
  const labels = domain.toLowerCase().split('.');
  for (let start = 1; start < labels.length; start += 1) {
    const base = bootstrap.get(labels.slice(start).join('.'));
    if (base) return base;
  }
  return undefined;
}
