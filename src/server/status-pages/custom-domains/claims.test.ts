// Custom-domain squatting (issue 40, item 6), against a real DNS server on 127.0.0.1: a claim that
// never verified used to keep the hostname from its real owner for good (409 domain_taken). Now
// the first page to prove DNS control gets it, and an unverified claim lapses after 7 days.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type TestDnsServer } from '../../checks/test/dns-server.ts';
import type { TestUser } from '../../test/factories.ts';
import { createStatusApp, DAY, NOW, type StatusApp } from '../test/status-app.ts';
import { supersededMessage } from './claims.ts';
import { domainClaimsJob } from './claims-job.ts';

const HOST = 'status.acme.test';
const CHALLENGE = `_upwatch-challenge.${HOST}`;

interface Domain {
  hostname: string;
  verified: boolean;
  checkError: string | null;
  records: { txt: { value: string } };
}
type Page = { id: string; name: string; customDomain: Domain | null };

let dns: TestDnsServer;
let s: StatusApp;

beforeAll(async () => {
  dns = await startDnsServer({ records: {} });
});
afterAll(() => dns.close());
afterEach(async () => {
  await s?.close();
});

async function setUp() {
  s = await createStatusApp({ dnsResolver: { address: dns.address, port: dns.port } });
  const squatter = await s.user();
  const owner = await s.user();
  const squatted = await s.page(squatter, { name: 'Squatter', slug: 'squatter', published: true });
  const real = await s.page(owner, { name: 'Acme', slug: 'acme', published: true });
  return { squatter, owner, squatted, real };
}

const claim = (user: TestUser, id: string, customDomain: string | null) =>
  s.send(user, 'PATCH', `/status-pages/${id}`, { customDomain });
const verify = (user: TestUser, id: string) =>
  s.send(user, 'POST', `/status-pages/${id}/custom-domain/verify`);
const read = async (user: TestUser, id: string) =>
  s.ok<Page>(await s.send(user, 'GET', `/status-pages/${id}`));
const publish = (domain: Domain) => {
  dns.zone = { records: { [`${CHALLENGE} TXT`]: [{ data: domain.records.txt.value }] } };
};
const served = async () =>
  (await (await s.t.app.request(`http://${HOST}/`)).text()).match(/<h1>(.*?)<\/h1>/)?.[1];
const auditOf = (workspaceId: string) =>
  s.db
    .selectFrom('audit_events')
    .select(['action', 'actor_name', 'resource_id'])
    .where('workspace_id', '=', workspaceId)
    .where('action', 'in', [
      'status_page.domain_check',
      'status_page.domain_superseded',
      'status_page.domain_expired',
    ])
    .execute();

describe('custom-domain claims', () => {
  it("lets the real owner claim and verify a hostname another account claimed without verifying, and serves the owner's page there", async () => {
    const { squatter, owner, squatted, real } = await setUp();
    await s.ok(await claim(squatter, squatted.id, HOST));

    const theirs = await s.ok<Page>(await claim(owner, real.id, HOST));
    expect(theirs.customDomain).toMatchObject({ hostname: HOST, verified: false });
    publish(theirs.customDomain as Domain);
    s.clock.advance(60_000);
    const verified = await s.ok<Page>(await verify(owner, real.id));
    expect(verified.customDomain).toMatchObject({ verified: true, checkError: null });
    expect(await served()).toBe('Acme');

    // The squatter's claim is marked with why, and audited in their own workspace by Upwatch.
    const lost = await read(squatter, squatted.id);
    expect(lost.customDomain).toMatchObject({
      hostname: HOST,
      verified: false,
      checkError: supersededMessage(HOST),
    });
    expect(await auditOf(squatter.id)).toEqual([
      { action: 'status_page.domain_superseded', actor_name: 'Upwatch', resource_id: squatted.id },
    ]);
    expect((await auditOf(owner.id)).map((row) => row.action)).toEqual(['status_page.domain_check']);

    // A verified claim still refuses everyone else, at verify time and at claim time.
    const twice = await verify(squatter, squatted.id);
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({
      error: { code: 'domain_taken', message: 'Another status page already uses this domain.' },
    });
    await s.ok(await claim(squatter, squatted.id, 'other.acme.test'));
    const refused = await claim(squatter, squatted.id, 'Status.Acme.test.');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: { code: 'domain_taken', message: 'Another status page already uses this domain.' },
    });
    expect((await read(squatter, squatted.id)).customDomain?.hostname).toBe('other.acme.test');
    expect(await served()).toBe('Acme');
  });

  it('lets the first of two unverified claims to prove DNS control have the hostname', async () => {
    const { squatter, owner, squatted, real } = await setUp();
    const first = (await s.ok<Page>(await claim(owner, real.id, HOST))).customDomain as Domain;
    const second = (await s.ok<Page>(await claim(squatter, squatted.id, HOST))).customDomain as Domain;
    expect(second.records.txt.value).not.toBe(first.records.txt.value);

    // The squatter's own TXT value is not in the zone: its verification fails, blocking nobody.
    publish(first);
    const failed = await s.ok<Page>(await verify(squatter, squatted.id));
    expect(failed.customDomain?.verified).toBe(false);
    expect((await s.ok<Page>(await verify(owner, real.id))).customDomain?.verified).toBe(true);
    expect(await served()).toBe('Acme');
  });

  it('drops a claim left unverified for 7 days: the job clears it, and verifying one says it lapsed', async () => {
    const { squatter, owner, squatted, real } = await setUp();
    await s.ok(await claim(squatter, squatted.id, HOST));
    const kept = (await s.ok<Page>(await claim(owner, real.id, 'uptime.acme.test'))).customDomain as Domain;
    // A fresh job each time: one instance runs at most hourly.
    const sweep = () => domainClaimsJob(s.db, s.clock).run(new AbortController().signal);

    s.clock.advance(7 * DAY - 1);
    await sweep();
    expect((await read(squatter, squatted.id)).customDomain?.hostname).toBe(HOST);

    s.clock.advance(1);
    // Verifying checks the claim's age first, whether or not the job has run yet.
    dns.zone = {
      records: { '_upwatch-challenge.uptime.acme.test TXT': [{ data: kept.records.txt.value }] },
    };
    const lapsed = await verify(owner, real.id);
    expect(lapsed.status).toBe(409);
    expect(await lapsed.json()).toEqual({
      error: {
        code: 'domain_claim_expired',
        message:
          'The claim on uptime.acme.test lapsed: it was not verified within 7 days. Set the domain again to get a new TXT record.',
      },
    });
    expect((await read(owner, real.id)).customDomain).toBeNull();

    await sweep();
    expect((await read(squatter, squatted.id)).customDomain).toBeNull();
    expect(await auditOf(squatter.id)).toEqual([
      { action: 'status_page.domain_expired', actor_name: 'Upwatch', resource_id: squatted.id },
    ]);
    expect(s.clock.now()).toBe(NOW + 7 * DAY);
  });

  it('keeps a verified domain past 7 days, and a re-save of an unverified one does not renew its claim', async () => {
    const { owner, real, squatter, squatted } = await setUp();
    const domain = (await s.ok<Page>(await claim(owner, real.id, HOST))).customDomain as Domain;
    publish(domain);
    await s.ok(await verify(owner, real.id));
    await s.ok(await claim(squatter, squatted.id, 'other.acme.test'));
    s.clock.advance(6 * DAY);
    await s.ok(await claim(squatter, squatted.id, 'other.acme.test'));
    s.clock.advance(DAY);
    await domainClaimsJob(s.db, s.clock).run(new AbortController().signal);
    expect((await read(owner, real.id)).customDomain?.verified).toBe(true);
    expect(await served()).toBe('Acme');
    expect((await read(squatter, squatted.id)).customDomain).toBeNull();
  });
});
