import { CompiledQuery } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AlertApp, createAlertApp } from '../alerts/test/alert-app.ts';
import { startSmtpSink } from '../alerts/test/smtp-sink.ts';
import { DAY_MS } from '../checks/ssl-problems.ts';
import { createLogger } from '../platform/logger.ts';
import { createTargetGuard } from '../platform/net/target-guard.ts';
import { loopbackOnlyOpener } from '../platform/net/test/loopback-only.ts';
import { insertMonitors, monitorRow } from '../test/monitor-rows.ts';
import { createTestDatabase } from '../test/test-db.ts';
import { dueDomainsQuery } from './claim.ts';
import { createDomainJob, type DomainJob } from './domain-job.ts';
import { createRdapClient } from './rdap-client.ts';
import { syncMonitorDomain } from './sync.ts';
import { type RdapServer, startRdapServer } from './test/rdap-server.ts';

const HOUR = 3_600_000;
let rdap: RdapServer;
let t: AlertApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const signal = new AbortController().signal;

beforeAll(async () => {
  rdap = await startRdapServer();
});
afterAll(() => rdap.close());
beforeEach(async () => {
  rdap.requests.length = 0;
  rdap.records.clear();
  sink = await startSmtpSink();
  t = await createAlertApp({ smtpUrl: sink.url });
});
afterEach(async () => {
  await t.close();
  await sink.close();
});

function domainJob(workerId = 'domain-test-worker', concurrency?: number): DomainJob {
  const guard = createTargetGuard({ allowPrivateTargets: true, openSocket: loopbackOnlyOpener() });
  return createDomainJob({
    db: t.db,
    dialect: t.database.dialect,
    clock: t.clock,
    rdap: createRdapClient({ bootstrapUrl: rdap.bootstrapUrl, guard, clock: t.clock }),
    logger: createLogger('silent'),
    workerId,
    concurrency,
  });
}

/** A monitor watching `host`'s domain, linked the way the monitor service links it. */
async function watch(workspaceId: string, name: string, host: string) {
  const row = monitorRow(workspaceId, `https://${host}/`, t.clock.now(), { name });
  await insertMonitors(t.db, [row]);
  await t.db.transaction().execute((tx) => syncMonitorDomain(tx, row.id, host, true));
  return row;
}

/** One poll: lookups claimed, finished and stored, their alerts delivered. */
async function poll(job: DomainJob) {
  await job.run(signal);
  await job.idle();
  await t.deliver();
}

const subjects = () => sink.mails.map((mail) => mail.subject);
const domainRow = (domain: string) =>
  t.db.selectFrom('domain_expiry').selectAll().where('domain', '=', domain).executeTakeFirstOrThrow();

describe('domain expiry warnings', () => {
  it('mails each threshold once as the expiry nears, never touching the monitor or opening incidents', async () => {
    const user = await t.user();
    const monitor = await watch(user.id, 'Shop', 'www.shop.com');
    const expiresAt = t.clock.now() + 40 * DAY_MS + 12 * HOUR;
    rdap.records.set('shop.com', { expiresAt, registrar: 'Example Registrar, Inc.' });
    const before = await t.db.selectFrom('monitors').selectAll().where('id', '=', monitor.id).execute();
    const job = domainJob();

    for (let day = 0; day <= 42; day += 1) {
      await poll(job);
      await poll(job);
      t.clock.advance(DAY_MS);
    }

    expect(rdap.count('/rdap/domain/shop.com')).toBe(43);
    expect(rdap.count('/dns.json')).toBe(43);
    expect(subjects()).toEqual([
      '[Domain expiring] Shop — shop.com expires in 30 days',
      '[Domain expiring] Shop — shop.com expires in 14 days',
      '[Domain expiring] Shop — shop.com expires in 7 days',
      '[Domain expiring] Shop — shop.com expires in 3 days',
      '[Domain expiring] Shop — shop.com expires in 1 day',
    ]);
    expect(sink.mails[0]?.text).toMatch(/Registrar: +Example Registrar, Inc\./);
    expect(sink.mails[0]?.text).toContain('Expires:    Dec 12, 2026 (30 days left)');
    expect(await t.db.selectFrom('monitors').selectAll().where('id', '=', monitor.id).execute()).toEqual(
      before,
    );
    expect(await t.db.selectFrom('incidents').selectAll().execute()).toEqual([]);
    const kinds = await t.db.selectFrom('alert_deliveries').select(['kind', 'incident_id']).execute();
    expect(kinds).toHaveLength(5);
    expect(kinds.every((row) => row.kind === 'domain.expiring' && row.incident_id === null)).toBe(true);
  });

  it('looks a domain shared by two monitors up once a day and warns each monitor once', async () => {
    const user = await t.user();
    const other = await t.user();
    await watch(user.id, 'Web', 'www.shared.com');
    await watch(other.id, 'API', 'api.shared.com');
    rdap.records.set('shared.com', { expiresAt: t.clock.now() + 10 * DAY_MS + HOUR });
    const job = domainJob();

    await poll(job);
    t.clock.advance(23 * HOUR);
    await poll(job);
    expect(rdap.count('/rdap/domain/shared.com')).toBe(1);
    t.clock.advance(HOUR);
    await poll(job);
    expect(rdap.count('/rdap/domain/shared.com')).toBe(2);

    const deliveries = await t.db
      .selectFrom('alert_deliveries')
      .select(['workspace_id', 'kind'])
      .orderBy('workspace_id')
      .execute();
    expect(deliveries).toEqual(
      [user.id, other.id].sort().map((id) => ({ workspace_id: id, kind: 'domain.expiring' })),
    );
    expect(subjects().sort()).toEqual([
      '[Domain expiring] API — shared.com expires in 10 days',
      '[Domain expiring] Web — shared.com expires in 10 days',
    ]);
  });

  it('records a failed lookup, keeps the last known expiry and tries again a day later', async () => {
    const user = await t.user();
    await watch(user.id, 'Blog', 'blog.gone.com');
    const expiresAt = t.clock.now() + 200 * DAY_MS;
    rdap.records.set('gone.com', { expiresAt });
    const job = domainJob();
    await poll(job);
    rdap.records.delete('gone.com');
    t.clock.advance(DAY_MS);
    const failedAt = t.clock.now();
    await poll(job);
    expect(await domainRow('gone.com')).toMatchObject({
      expires_at: expiresAt,
      checked_at: failedAt,
      error_code: 'not_found',
      next_check_at: failedAt + DAY_MS,
      claimed_by: null,
    });
    await poll(job);
    expect(rdap.count('/rdap/domain/gone.com')).toBe(2);
    rdap.records.set('gone.com', { expiresAt: expiresAt + 365 * DAY_MS });
    t.clock.advance(DAY_MS);
    await poll(job);
    expect(await domainRow('gone.com')).toMatchObject({
      expires_at: expiresAt + 365 * DAY_MS,
      error_code: null,
    });
    expect(subjects()).toEqual([]);
  });

  it('skips paused and opted-out monitors, and drops a domain nobody watches any more', async () => {
    const user = await t.user();
    const paused = monitorRow(user.id, 'https://paused.com/', t.clock.now(), { paused: 1 });
    await insertMonitors(t.db, [paused]);
    await syncMonitorDomain(t.db, paused.id, 'paused.com', true);
    const quiet = await watch(user.id, 'Quiet', 'quiet.com');
    rdap.records.set('paused.com', { expiresAt: t.clock.now() + 2 * DAY_MS });
    await poll(domainJob());
    expect(subjects()).toEqual([]);
    await syncMonitorDomain(t.db, quiet.id, 'quiet.com', false);
    expect(await t.db.selectFrom('domain_expiry').select('domain').execute()).toEqual([
      { domain: 'paused.com' },
    ]);
  });
});

describe('claiming due domains', () => {
  it('drops a domain whose last monitor was deleted instead of looking it up', async () => {
    const user = await t.user();
    const gone = await watch(user.id, 'Gone', 'www.deleted.com');
    await t.db.deleteFrom('monitors').where('id', '=', gone.id).execute();
    await poll(domainJob());
    expect(rdap.requests).toEqual([]);
    expect(await t.db.selectFrom('domain_expiry').selectAll().execute()).toEqual([]);
  });

  it('looks each due domain up once when two workers poll at the same time', async () => {
    const user = await t.user();
    for (let index = 0; index < 12; index += 1) {
      await watch(user.id, `Site ${index}`, `site${index}.com`);
      rdap.records.set(`site${index}.com`, { expiresAt: t.clock.now() + 300 * DAY_MS });
    }
    const workers = [domainJob('a', 4), domainJob('b', 4)];
    for (let round = 0; round < 6; round += 1) {
      await Promise.all(workers.map((w) => w.run(signal)));
      await Promise.all(workers.map((w) => w.idle()));
    }
    const lookups = rdap.requests.filter((path) => path.startsWith('/rdap/domain/'));
    expect(lookups).toHaveLength(12);
    expect(new Set(lookups).size).toBe(12);
  });

  it('finds due domains by an index search on next_check_at', async () => {
    // Its own schema, unused before: a plan reads the table's size and statistics.
    const database = await createTestDatabase({ pristine: true });
    const { db, dialect } = database;
    try {
      const rows = Array.from({ length: 2000 }, (_, index) => ({
        domain: `d${index}.com`,
        next_check_at: index * 60_000,
      }));
      await db.insertInto('domain_expiry').values(rows).execute();
      const options = { now: 30 * 60_000, limit: 4, workerId: 'w', leaseMs: 60_000 };
      const compiled = dueDomainsQuery(db, dialect, options).compile();
      const plan = async () => {
        if (dialect === 'sqlite') {
          const explained = CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]);
          const result = await db.executeQuery<{ detail: string }>(explained);
          return result.rows.map((row) => row.detail).join('\n');
        }
        await db.executeQuery(CompiledQuery.raw('analyze domain_expiry'));
        const explained = CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]);
        const result = await db.executeQuery<{ 'QUERY PLAN': string }>(explained);
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      };
      const text = await plan();
      expect(text).toMatch(/domain_expiry_due_idx/);
      expect(text).not.toMatch(/SCAN domain_expiry(?! USING)|Seq Scan/);
    } finally {
      await database.destroy();
    }
  });
});
