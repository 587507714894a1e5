import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { insertOwner } from '../../../test/monitor-rows.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { migrateToLatest } from '../migrate.ts';

const HOUR = 3_600_000;
const START = Date.UTC(2026, 5, 1, 2);

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase({ until: '0039-monitor-regions' });
});
afterEach(async () => {
  await database.destroy();
});

it('dates the windows already completed from their last end, or their first end when none was kept', async () => {
  const { db, dialect } = database;
  const owner = await insertOwner(db, dialect);
  const window = (id: string, timing: { next: number | null; lastEnded: number | null }) =>
    sql`insert into maintenance_windows (id, user_id, name, starts_at, duration_minutes, all_monitors,
          recurrence, active_from, active_until, next_occurrence_at, next_transition_at,
          last_started_at, last_ended_at, deployment_id, created_at, updated_at)
        values (${id}, ${owner}, ${id}, ${START}, ${90}, ${1}, ${null}, ${null}, ${null},
          ${timing.next}, ${timing.next}, ${null}, ${timing.lastEnded}, ${null}, ${START}, ${START})`.execute(
      db,
    );
  await window('ended', { next: null, lastEnded: START + 2 * HOUR });
  await window('ended-before-0034', { next: null, lastEnded: null });
  await window('upcoming', { next: START + 48 * HOUR, lastEnded: START + 2 * HOUR });

  await migrateToLatest(db, dialect);

  const rows = await db
    .selectFrom('maintenance_windows')
    .select(['id', 'completed_at'])
    .orderBy('id')
    .execute();
  expect(rows.map((row) => [row.id, row.completed_at === null ? null : Number(row.completed_at)])).toEqual([
    ['ended', START + 2 * HOUR],
    ['ended-before-0034', START + 90 * 60_000],
    ['upcoming', null],
  ]);
});
