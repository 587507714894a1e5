// For tests: a real RDAP server on loopback. GET /dns.json is an IANA-style bootstrap file sending
// the given TLDs to this server's /rdap/ (or to any base a test names); GET /rdap/domain/<name>
// answers from a table the test changes as it goes. Every request is counted by path.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startTarget, type Target } from '../../checks/test/targets.ts';

export interface RdapRecord {
  expiresAt: number;
  registrar?: string;
}

export interface RdapServer extends Target {
  /** RDAP_BOOTSTRAP_URL for this server. */
  bootstrapUrl: string;
  /** This server's RDAP base: `${origin}/rdap/`. */
  base: string;
  /** Domain → what the registry says; a domain missing here answers 404. */
  records: Map<string, RdapRecord>;
  /** TLD → RDAP base URLs listed in the bootstrap (default: every TLD given → `base`). */
  services: Map<string, string[]>;
  /** Domain → a Location the registry redirects its lookup to. */
  redirects: Map<string, string>;
  /** Request paths in the order they arrived. */
  requests: string[];
  count(path: string): number;
}

export function rdapDomainAnswer(domain: string, record: RdapRecord) {
  return {
    objectClassName: 'domain',
    ldhName: domain.toUpperCase(),
    events: [
      { eventAction: 'registration', eventDate: '2015-08-14T04:00:00Z' },
      { eventAction: 'expiration', eventDate: new Date(record.expiresAt).toISOString() },
      { eventAction: 'last update of RDAP database', eventDate: '2026-01-01T00:00:00Z' },
    ],
    entities: record.registrar
      ? [
          {
            objectClassName: 'entity',
            roles: ['registrar'],
            vcardArray: [
              'vcard',
              [
                ['version', {}, 'text', '4.0'],
                ['fn', {}, 'text', record.registrar],
              ],
            ],
          },
        ]
      : [],
  };
}

export async function startRdapServer({
  tlds = ['com'],
  host = '127.0.0.1',
}: {
  tlds?: string[];
  host?: string;
} = {}): Promise<RdapServer> {
  const records = new Map<string, RdapRecord>();
  const services = new Map<string, string[]>();
  const redirects = new Map<string, string>();
  const requests: string[] = [];
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    requests.push(path);
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/rdap+json' }).end(JSON.stringify(body));
    if (path === '/text') return res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>hi</h1>');
    if (path === '/dns.json') {
      const grouped = [...services].map(([tld, urls]) => [[tld], urls]);
      return send(200, { version: '1.0', publication: '2026-01-01T00:00:00Z', services: grouped });
    }
    const match = /^\/rdap\/domain\/([^/?]+)$/.exec(path);
    const domain = match?.[1] ? decodeURIComponent(match[1]).toLowerCase() : undefined;
    const location = domain ? redirects.get(domain) : undefined;
    if (location) return res.writeHead(302, { location }).end();
    const record = domain ? records.get(domain) : undefined;
    if (!domain || !record) return send(404, { errorCode: 404, title: 'Not Found' });
    return send(200, rdapDomainAnswer(domain, record));
  };
  const target = await startTarget(handler, { host });
  const base = `${target.origin}/rdap/`;
  for (const tld of tlds) services.set(tld, [base]);
  return {
    ...target,
    bootstrapUrl: `${target.origin}/dns.json`,
    base,
    records,
    services,
    redirects,
    requests,
    count: (path) => requests.filter((seen) => seen === path).length,
  };
}
