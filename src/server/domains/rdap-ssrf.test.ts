import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../platform/clock.ts';
import { classifyAddress } from '../platform/net/address-policy.ts';
import { createTargetGuard } from '../platform/net/target-guard.ts';
import { loopbackOnlyOpener, tableResolver } from '../platform/net/test/loopback-only.ts';
import { createRdapClient } from './rdap-client.ts';
import { RdapError } from './rdap-fetch.ts';
import { type RdapServer, startRdapServer } from './test/rdap-server.ts';

// RDAP requests pass the same SSRF guard as HTTP checks. Every socket goes through a connector
// that throws on any non-loopback address, so even a broken guard can never reach a real private
// or metadata address. 127.0.0.2 plays the public registry (and bootstrap host).
let registry: RdapServer;
let inside: RdapServer;
const EXPIRES = Date.UTC(2027, 0, 1);

beforeAll(async () => {
  registry = await startRdapServer({ host: '127.0.0.2' });
  inside = await startRdapServer({ tlds: [] });
});
afterAll(async () => {
  await Promise.all([registry.close(), inside.close()]);
});
beforeEach(() => {
  inside.requests.length = 0;
  inside.records.set('secret.com', { expiresAt: EXPIRES });
});

function lookups(allowPrivateTargets: boolean, bootstrapUrl = registry.bootstrapUrl) {
  const openSocket = loopbackOnlyOpener();
  const guard = createTargetGuard({
    allowPrivateTargets,
    openSocket,
    resolve: tableResolver({ 'rdap.public.test': ['127.0.0.2'], 'rdap.sneaky.test': ['127.0.0.1'] }),
    classify: (address) => (address === '127.0.0.2' ? 'public' : classifyAddress(address)),
  });
  return {
    client: createRdapClient({ bootstrapUrl, guard, clock: systemClock }),
    attempts: openSocket.attempts,
  };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('the lookup was not refused'),
    (err: unknown) => {
      expect(err).toBeInstanceOf(RdapError);
      return err as RdapError;
    },
  );

/** A TLD per case, whose registry the bootstrap file places at the case's address. */
type Case = readonly [label: string, tld: string, base: () => string];
const LOOPBACK: Case[] = [
  ['127.0.0.1', 'loop4', () => `http://127.0.0.1:${inside.port}/rdap/`],
  ['[::ffff:127.0.0.1]', 'mapped', () => `http://[::ffff:127.0.0.1]:${inside.port}/rdap/`],
  ['0x7f000001', 'hex', () => `http://0x7f000001:${inside.port}/rdap/`],
  ['2130706433', 'decimal', () => `http://2130706433:${inside.port}/rdap/`],
  ['a name resolving to 127.0.0.1', 'named', () => `http://rdap.sneaky.test:${inside.port}/rdap/`],
];
const INSIDE: Case[] = [
  ['10.0.0.1', 'ten', () => `http://10.0.0.1:${inside.port}/rdap/`],
  ['100.64.0.1', 'cgnat', () => `http://100.64.0.1:${inside.port}/rdap/`],
];
/** Refused before connecting; no registry listens there, so not among the reachable cases. */
const IPV6_LOOPBACK: Case = ['[::1]', 'six', () => `http://[::1]:${inside.port}/rdap/`];
const METADATA: Case = ['169.254.169.254', 'meta', () => 'http://169.254.169.254/rdap/'];

beforeAll(() => {
  for (const [, tld, base] of [...LOOPBACK, IPV6_LOOPBACK, ...INSIDE, METADATA])
    registry.services.set(tld, [base()]);
  registry.records.set('bounce.com', { expiresAt: EXPIRES });
  registry.redirects.set('bounce.com', `http://127.0.0.1:${inside.port}/rdap/domain/secret.com`);
});

describe('RDAP lookups with private targets off', () => {
  it.each([...LOOPBACK, IPV6_LOOPBACK, ...INSIDE, METADATA])(
    'refuses a registry at %s with private_target before connecting',
    async (_label, tld) => {
      const { client, attempts } = lookups(false);
      const err = await failure(client.lookup(`secret.${tld}`));
      expect(err.code).toBe('private_target');
      expect(err.message).toMatch(/; Upwatch only checks public addresses\.$/);
      expect(attempts).toEqual(['127.0.0.2']);
      expect(inside.requests).toEqual([]);
    },
  );

  it("refuses a public registry's redirect to loopback, on the redirect hop", async () => {
    const { client, attempts } = lookups(false);
    const err = await failure(client.lookup('bounce.com'));
    expect(err).toMatchObject({
      code: 'private_target',
      message: 'The address 127.0.0.1 is a loopback address; Upwatch only checks public addresses.',
    });
    expect(new Set(attempts)).toEqual(new Set(['127.0.0.2']));
    expect(inside.requests).toEqual([]);
  });

  it('refuses a bootstrap URL on a private address', async () => {
    const { client, attempts } = lookups(false, inside.bootstrapUrl);
    expect((await failure(client.lookup('example.com'))).code).toBe('private_target');
    expect(attempts).toEqual([]);
  });

  it('still reads a public registry', async () => {
    registry.records.set('open.com', { expiresAt: EXPIRES, registrar: 'Registrar One' });
    const { client } = lookups(false);
    await expect(client.lookup('open.com')).resolves.toEqual({
      expiresAt: EXPIRES,
      registrar: 'Registrar One',
    });
  });
});

describe('RDAP lookups with private targets on', () => {
  it.each(LOOPBACK)('reaches the registry through %s', async (_label, tld) => {
    inside.records.set(`secret.${tld}`, { expiresAt: EXPIRES });
    const { client } = lookups(true);
    await expect(client.lookup(`secret.${tld}`)).resolves.toEqual({ expiresAt: EXPIRES, registrar: null });
    expect(inside.requests).toEqual([`/rdap/domain/secret.${tld}`]);
  });

  it.each(INSIDE)(
    'lets the guard pass %s, which only the throwing test connector stops',
    async (label, tld) => {
      const { client, attempts } = lookups(true);
      const err = await failure(client.lookup(`secret.${tld}`));
      expect(err.code).toBe('rdap_unavailable');
      expect(attempts).toEqual(['127.0.0.2', label]);
    },
  );

  it('still refuses the cloud metadata address', async () => {
    const { client, attempts } = lookups(true);
    expect((await failure(client.lookup(`secret.${METADATA[1]}`))).code).toBe('private_target');
    expect(attempts).toEqual(['127.0.0.2']);
  });
});
