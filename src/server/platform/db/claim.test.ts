// The claim's contract, on whichever database the run tests (SQLite in `npm test`, PostgreSQL in
// `test:pg`): each job's claim (monitors, certificates, domains, performance, deliveries) is
// built by claimDue, so these scenarios hold for all of them. Rows here are domains due for a
// lookup, claimed the way any job claims its work.
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { claimDue, leaseUntil } from './claim.ts';
import type { Database } from './schema.ts';
import { claimDomains, insertDueDomains, DOMAIN_LEASE_MS as LEASE_MS } from './test/due-domains.ts';

const NOW = 1_800_000_000_000;
let t: TestDatabase;

beforeEach(async () => {
  t = await createTestDatabase();
});
afterEach(async () => {
  await t.destroy();
});

const insertDue = (dueAt: readonly number[]) => insertDueDomains(t.db, dueAt);
const claim = (db: Kysely<Database>, workerId: string, options: { now?: number; limit?: number } = {}) =>
  claimDomains(db, t.dialect, workerId, { now: NOW, ...options });

async function holders(): Promise<Record<string, string | null>> {
  const rows = await t.db.selectFrom('domain_expiry').select(['domain', 'claimed_by']).execute();
  return Object.fromEntries(rows.map((row) => [row.domain, row.claimed_by]));
}

describe('claimDue', () => {
  it('takes the earliest due rows first, no more than the batch, and none not yet due', async () => {
    const [late, first, notDue, third, second, fourth] = await insertDue([
      NOW - 10,
      NOW - 50,
      NOW + 1,
      NOW - 30,
      NOW - 40,
      NOW - 20,
    ]);
    expect(await claim(t.db, 'a', { limit: 3 })).toEqual([first, second, third].sort());
    expect(await claim(t.db, 'b', { limit: 3 })).toEqual([fourth, late].sort());
    expect(await holders()).toMatchObject({ [first ?? '']: 'a', [fourth ?? '']: 'b', [notDue ?? '']: null });
  });

  it('returns the claimed rows with their lease and holder written', async () => {
    await insertDue([NOW - 1]);
    const [row] = await claimDue(t.db, t.dialect, {
      table: 'domain_expiry',
      key: 'domain',
      due: t.db.selectFrom('domain_expiry').select('domain').limit(1),
      set: { claimed_until: leaseUntil(NOW + LEASE_MS), claimed_by: 'a' },
    }).execute();
    expect(row).toMatchObject({ domain: 'd0.com', claimed_until: NOW + LEASE_MS, claimed_by: 'a' });
  });

  it('leaves a live lease to its holder and lets another worker retake it once it runs out', async () => {
    const domains = await insertDue([NOW - 2, NOW - 1]);
    expect(await claim(t.db, 'a')).toEqual(domains);
    expect(await claim(t.db, 'b', { now: NOW + LEASE_MS - 1 })).toEqual([]);
    expect(await claim(t.db, 'b', { now: NOW + LEASE_MS })).toEqual(domains);
    expect(Object.values(await holders())).toEqual(['b', 'b']);
  });

  it('never gives the same row to two connections claiming at once', async () => {
    const domains = await insertDue(Array.from({ length: 40 }, (_, index) => NOW - index));
    const other = t.reconnect();
    try {
      const drain = async (db: Kysely<Database>, workerId: string) => {
        const taken: string[] = [];
        // Bounded: 40 rows in batches of 3 take 14 claims.
        for (let round = 0; round < 100; round++) {
          const batch = await claim(db, workerId, { limit: 3 });
          if (batch.length === 0) break;
          taken.push(...batch);
        }
        return taken;
      };
      const [a, b] = await Promise.all([drain(t.db, 'a'), drain(other.db, 'b')]);
      expect([...a, ...b].sort()).toEqual(domains.sort());
      const held = await holders();
      for (const domain of a) expect(held[domain]).toBe('a');
      for (const domain of b) expect(held[domain]).toBe('b');
    } finally {
      await other.destroy();
    }
  });
});
