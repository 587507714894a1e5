import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../platform/clock.ts';
import { createTargetGuard } from '../platform/net/target-guard.ts';
import { loopbackOnlyOpener } from '../platform/net/test/loopback-only.ts';
import { BOOTSTRAP_TTL_MS, createRdapClient, readDomain } from './rdap-client.ts';
import { RdapError } from './rdap-fetch.ts';
import { type RdapServer, startRdapServer } from './test/rdap-server.ts';

const START = Date.UTC(2026, 10, 2, 9, 0, 0);
const DAY = 86_400_000;
let rdap: RdapServer;
let clock: ManualClock;

beforeAll(async () => {
  rdap = await startRdapServer({ tlds: ['com', 'co.uk', 'uk'] });
});
afterAll(() => rdap.close());
beforeEach(() => {
  rdap.requests.length = 0;
  rdap.records.clear();
  clock = new ManualClock(START);
});

function client(bootstrapUrl = rdap.bootstrapUrl) {
  const guard = createTargetGuard({ allowPrivateTargets: true, openSocket: loopbackOnlyOpener() });
  return createRdapClient({ bootstrapUrl, guard, clock });
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('the lookup did not fail'),
    (err: unknown) => {
      expect(err).toBeInstanceOf(RdapError);
      return err as RdapError;
    },
  );

describe('createRdapClient().lookup', () => {
  it("reads the expiration event's date and the registrar's name", async () => {
    const expiresAt = Date.UTC(2027, 7, 13, 4, 0, 0);
    rdap.records.set('example.com', { expiresAt, registrar: 'RESERVED-Internet Assigned Numbers Authority' });
    await expect(client().lookup('example.com')).resolves.toEqual({
      expiresAt,
      registrar: 'RESERVED-Internet Assigned Numbers Authority',
    });
    expect(rdap.requests).toEqual(['/dns.json', '/rdap/domain/example.com']);
  });

  it('fetches the bootstrap file once a day, however many domains are looked up', async () => {
    rdap.records.set('a.com', { expiresAt: START + 90 * DAY });
    rdap.records.set('b.com', { expiresAt: START + 90 * DAY });
    const lookups = client();
    await Promise.all([lookups.lookup('a.com'), lookups.lookup('b.com')]);
    clock.advance(BOOTSTRAP_TTL_MS - 1);
    await expect(lookups.lookup('a.com')).resolves.toEqual({ expiresAt: START + 90 * DAY, registrar: null });
    expect(rdap.count('/dns.json')).toBe(1);
    clock.advance(1);
    await lookups.lookup('b.com');
    expect(rdap.count('/dns.json')).toBe(2);
  });

  it('asks the registry of the longest matching suffix', async () => {
    rdap.services.set('co.uk', [`${rdap.origin}/rdap-co-uk`]);
    rdap.records.set('shop.co.uk', { expiresAt: START + 5 * DAY });
    // The co.uk registry (a base without its trailing slash) does not exist here: 404.
    const err = await failure(client().lookup('shop.co.uk'));
    expect(err.code).toBe('not_found');
    expect(rdap.requests.at(-1)).toBe('/rdap-co-uk/domain/shop.co.uk');
    rdap.services.set('co.uk', [rdap.base]);
  });

  it('names the failures: no server for the TLD, unknown domain, no expiry date, no JSON', async () => {
    expect((await failure(client().lookup('example.org'))).code).toBe('no_rdap_server');
    expect((await failure(client().lookup('missing.com'))).message).toMatch(
      /has no record of it \(HTTP 404\)/,
    );
    const unreachable = await failure(client('http://127.0.0.1:1/dns.json').lookup('example.com'));
    expect(unreachable.code).toBe('rdap_unavailable');
    const notJson = await failure(client(`${rdap.origin}/text`).lookup('example.com'));
    expect(notJson).toMatchObject({
      code: 'bad_response',
      message: `${new URL(rdap.origin).host} did not answer with JSON.`,
    });
  });
});

describe('readDomain', () => {
  it('refuses an answer without an expiration event, or with an unreadable date', () => {
    const events = [{ eventAction: 'registration', eventDate: '2015-08-14T04:00:00Z' }];
    expect(() => readDomain({ events }, 'example.com')).toThrow(
      new RdapError('no_expiration', 'The registry publishes no expiry date for example.com.'),
    );
    expect(() => readDomain({ events: [{ eventAction: 'expiration', eventDate: 'soon' }] }, 'x.com')).toThrow(
      /unreadable/,
    );
  });

  it('takes the registrar among other entities and leaves it null when none is named', () => {
    const answer = {
      events: [{ eventAction: 'EXPIRATION', eventDate: '2027-01-02T03:04:05Z' }],
      entities: [
        { roles: ['registrant'], vcardArray: ['vcard', [['fn', {}, 'text', 'Jane Doe']]] },
        { roles: ['registrar'], vcardArray: ['vcard', [['fn', {}, 'text', 'Gandi SAS']]] },
      ],
    };
    expect(readDomain(answer, 'example.com')).toEqual({
      expiresAt: Date.UTC(2027, 0, 2, 3, 4, 5),
      registrar: 'Gandi SAS',
    });
    expect(
      readDomain({ ...answer, entities: [{ roles: ['registrar'] }] }, 'example.com').registrar,
    ).toBeNull();
  });
});
