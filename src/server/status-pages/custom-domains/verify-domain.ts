// Proves a page owner controls a hostname: its `_upwatch-challenge` TXT record must hold the page's
// token. Looked up through DNS_RESOLVER when set (tests point it at a local DNS server), else the
// system's resolver; the resolver is the operator's, so it needs no private-address check.
import { Resolver } from 'node:dns/promises';
import { domainChallengeName, domainChallengeValue } from '../../../core/api/status-page-extras.ts';

export interface DnsServer {
  address: string;
  port: number;
}

/** Resolves to null when the record is there, else to the sentence the settings show. */
export type DomainVerifier = (hostname: string, token: string) => Promise<string | null>;

const LOOKUP_TIMEOUT_MS = 3000;

export function createDomainVerifier(server: DnsServer | undefined): DomainVerifier {
  return async (hostname, token) => {
    const name = domainChallengeName(hostname);
    const wanted = domainChallengeValue(token);
    const resolver = new Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: 2 });
    if (server) {
      const host = server.address.includes(':') ? `[${server.address}]` : server.address;
      resolver.setServers([`${host}:${server.port}`]);
    }
    try {
      const values = (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
      if (values.some((value) => value.trim() === wanted)) return null;
      return `The TXT record at ${name} holds ${values.map((value) => `"${value}"`).join(', ')}, not "${wanted}".`;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'ENOTFOUND' || code === 'ENODATA') {
        return `No TXT record at ${name} yet. DNS changes can take a few minutes to show; try again then.`;
      }
      if (code === 'ETIMEOUT') return `The DNS lookup of ${name} timed out; try again in a minute.`;
      return `The DNS lookup of ${name} failed (${code ?? String(error)}).`;
    }
  };
}
