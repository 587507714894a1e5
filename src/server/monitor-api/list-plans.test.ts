// The monitor list's badge queries read the page's own monitors by id, not every monitor of the
// owner: at 8,000 monitors SQLite's planner, given an inner join, walked the owner's index and
// took 1.7 ms per page. The tables are not analysed, as a live database's never are.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainBadgesQuery } from '../domains/overview.ts';
import { explainQuery } from '../platform/db/query-plan.ts';
import type { MonitorTable } from '../platform/db/schema.ts';
import { sslBadgesQuery } from '../ssl/overview.ts';
import { newSslState } from '../ssl/state.ts';
import { insertMonitors, insertOwner, monitorRow } from '../test/monitor-rows.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';

const NOW = 1_800_000_000_000;
let t: TestDatabase;
let owner: string;
let page: string[];

beforeAll(async () => {
  t = await createTestDatabase({ pristine: true });
  owner = await insertOwner(t.db, t.dialect);
  const monitors: MonitorTable[] = Array.from({ length: 400 }, () =>
    monitorRow(owner, 'https://shop.example.com', NOW, { domain_expiry: 1 }),
  );
  await insertMonitors(t.db, monitors);
  for (let at = 0; at < monitors.length; at += 100) {
    const chunk = monitors.slice(at, at + 100);
    await t.db
      .insertInto('monitor_ssl_state')
      .values(chunk.map((m) => newSslState(m.id, NOW, { valid_to: NOW + 30 * 86_400_000 })))
      .execute();
    await t.db
      .insertInto('monitor_domains')
      .values(
        chunk.map((m) => ({
          monitor_id: m.id,
          domain: 'example.com',
          warned_expires_at: null,
          warned_days: '[]',
        })),
      )
      .execute();
  }
  await t.db
    .insertInto('domain_expiry')
    .values({
      domain: 'example.com',
      expires_at: NOW + 10 * 86_400_000,
      registrar: null,
      checked_at: NOW,
      error_code: null,
      error: null,
      next_check_at: NOW + 86_400_000,
      claimed_until: null,
      claimed_by: null,
    })
    .execute();
  page = monitors.slice(0, 50).map((m) => m.id);
}, 60_000);
afterAll(async () => {
  await t.destroy();
});

describe('monitor list badges', () => {
  it.each([
    ['monitor_ssl_state', (workspaceId: string) => sslBadgesQuery(t.db, workspaceId, page)],
    ['monitor_domains', (workspaceId: string) => domainBadgesQuery(t.db, workspaceId, page, NOW)],
  ])('%s: looked up by the page ids first, with no table read from end to end', async (table, query) => {
    const plan = await explainQuery(t.db as Kysely<unknown>, t.dialect, query(owner).compile());
    expect(plan.fullScans).toEqual([]);
    if (t.dialect === 'sqlite') {
      expect(plan.text.split('\n')[0]).toMatch(new RegExp(`^SEARCH ${table} USING .*\\(monitor_id=\\?\\)`));
    }
    // Still the owner's: the page's badges, each once.
    expect((await query(owner).execute()).map((row) => row.monitor_id).sort()).toEqual([...page].sort());
    expect(await query('someone-else').execute()).toEqual([]);
  });
});
