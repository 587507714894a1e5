import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertMonitors, insertOwner, monitorRow } from '../test/monitor-rows.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';
import { syncMonitorDomain } from './sync.ts';

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.destroy();
});

async function monitor(url = 'https://www.shop.com/') {
  const owner = await insertOwner(database.db, database.dialect);
  const row = monitorRow(owner, url, 0);
  await insertMonitors(database.db, [row]);
  return row.id;
}

const optIn = async (id: string) =>
  Number(
    (
      await sql<{ on: number }>`select domain_expiry as "on" from monitors where id = ${id}`.execute(
        database.db,
      )
    ).rows[0]?.on,
  );
const links = () =>
  database.db.selectFrom('monitor_domains').select(['monitor_id', 'domain', 'warned_days']).execute();
const domains = async () =>
  (await database.db.selectFrom('domain_expiry').select('domain').orderBy('domain').execute()).map(
    (row) => row.domain,
  );

describe('syncMonitorDomain', () => {
  it('leaves monitors that existed before domain expiry opted out', async () => {
    const id = await monitor();
    expect(await optIn(id)).toBe(0);
    expect(await links()).toEqual([]);
  });

  it("links the monitor to its host's registrable domain, due for lookup at once", async () => {
    const id = await monitor();
    const watched = await database.db
      .transaction()
      .execute((tx) => syncMonitorDomain(tx, id, 'www.shop.com', true));
    expect(watched).toBe('shop.com');
    expect(await optIn(id)).toBe(1);
    expect(await links()).toEqual([{ monitor_id: id, domain: 'shop.com', warned_days: '[]' }]);
    const row = await database.db.selectFrom('domain_expiry').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ domain: 'shop.com', next_check_at: 0, expires_at: null });
  });

  it('keeps the warnings already sent while the domain stays the same, and starts over on a new one', async () => {
    const id = await monitor();
    await syncMonitorDomain(database.db, id, 'www.shop.com', true);
    await database.db.updateTable('monitor_domains').set({ warned_days: '[30]' }).execute();
    await syncMonitorDomain(database.db, id, 'api.shop.com', true);
    expect((await links())[0]?.warned_days).toBe('[30]');
    await syncMonitorDomain(database.db, id, 'shop.co.uk', true);
    expect(await links()).toEqual([{ monitor_id: id, domain: 'shop.co.uk', warned_days: '[]' }]);
    expect(await domains()).toEqual(['shop.co.uk']);
  });

  it('watches nothing for IP addresses, unknown suffixes, no host or the opt-in off', async () => {
    const id = await monitor();
    for (const host of ['93.184.215.14', '[2606:4700::1111]', 'intranet.corp', null]) {
      expect(await syncMonitorDomain(database.db, id, host, true)).toBeNull();
      expect(await optIn(id)).toBe(1);
    }
    expect(await syncMonitorDomain(database.db, id, 'www.shop.com', false)).toBeNull();
    expect(await optIn(id)).toBe(0);
    expect(await links()).toEqual([]);
    expect(await domains()).toEqual([]);
  });

  it('keeps a shared domain while another monitor still watches it', async () => {
    const a = await monitor();
    const b = await monitor('https://api.shop.com/');
    await syncMonitorDomain(database.db, a, 'www.shop.com', true);
    await syncMonitorDomain(database.db, b, 'api.shop.com', true);
    expect(await domains()).toEqual(['shop.com']);
    await syncMonitorDomain(database.db, a, null, false);
    expect(await domains()).toEqual(['shop.com']);
    await database.db.deleteFrom('monitors').where('id', '=', b).execute();
    expect(await links()).toEqual([]);
  });
});
