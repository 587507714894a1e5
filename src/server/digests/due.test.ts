import { sql } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { afterEach, describe, expect, it } from 'vitest';
import { latestDuePeriod, nextSendAt } from '../../core/digest-periods.ts';
import { migrateToLatest } from '../platform/db/migrate.ts';
import { insertOwner, insertUserRow } from '../test/monitor-rows.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';
import { createDigestApp, type DigestApp, MONDAY_0900_BERLIN } from './test/digest-app.ts';
import { DAY, HOUR } from './test/seed.ts';

let t: DigestApp | undefined;
let database: TestDatabase | undefined;
afterEach(async () => {
  await t?.close();
  await database?.destroy();
  t = undefined;
  database = undefined;
});

const NEXT_MONDAY_0800_BERLIN = MONDAY_0900_BERLIN + 7 * DAY - HOUR;

async function nextSend(app: DigestApp, userId: string) {
  const row = await app.db
    .selectFrom('digest_settings')
    .select('next_send_at')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.next_send_at === null ? null : Number(row.next_send_at);
}

describe('when the digest job next looks at a user', () => {
  it('gives a new user the default schedule, due at once so the job works out the first send time', async () => {
    t = await createDigestApp();
    const owner = await insertOwner(t.db, t.dialect);
    const row = await t.db
      .selectFrom('digest_settings')
      .selectAll()
      .where('user_id', '=', owner)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ frequency: 'weekly', weekday: 1, hour: 8, last_preview_at: null });
    expect([Number(row.updated_at), Number(row.next_send_at)]).toEqual([0, 0]);
  });

  it('moves a user on to the next send time once the digest is sent, and once it is skipped as not in the plan', async () => {
    t = await createDigestApp();
    const starter = await t.user('starter');
    const free = await t.user('free');
    expect(await t.runJob()).toBe(1);
    expect(await nextSend(t, starter.id)).toBe(NEXT_MONDAY_0800_BERLIN);
    expect(await nextSend(t, free.id)).toBe(NEXT_MONDAY_0800_BERLIN);
    t.clock.advance(7 * DAY - 2 * HOUR);
    expect(await t.runJob()).toBe(0);
    t.clock.advance(HOUR);
    expect(await t.runJob()).toBe(1);
    expect(await nextSend(t, starter.id)).toBe(NEXT_MONDAY_0800_BERLIN + 7 * DAY);
  });

  it('moves a user created after the period ended on without sending it', async () => {
    t = await createDigestApp();
    const user = await t.user('starter');
    const createdAt = new Date(MONDAY_0900_BERLIN - 2 * HOUR);
    await t.db
      .updateTable('user')
      .set({ createdAt: t.dialect === 'sqlite' ? createdAt.toISOString() : createdAt })
      .where('id', '=', user.id)
      .execute();
    expect(await t.runJob()).toBe(0);
    expect(await nextSend(t, user.id)).toBe(NEXT_MONDAY_0800_BERLIN);
  });

  it('follows a schedule change to its next send time, and clears it when the digest is turned off', async () => {
    t = await createDigestApp();
    const user = await t.user('starter');
    expect((await t.send(user, 'PUT', '/digest-settings', { frequency: 'daily', hour: 10 })).status).toBe(
      200,
    );
    expect(await nextSend(t, user.id)).toBe(MONDAY_0900_BERLIN + HOUR);
    expect((await t.send(user, 'PUT', '/digest-settings', { frequency: 'off' })).status).toBe(200);
    expect(await nextSend(t, user.id)).toBeNull();
    t.clock.advance(2 * DAY);
    expect(await t.runJob()).toBe(0);
    expect(await nextSend(t, user.id)).toBeNull();
  });

  it('makes a user due at once when their time zone changes, so the send time follows the new zone', async () => {
    t = await createDigestApp();
    const user = await t.user('starter');
    await t.runJob();
    await t.db.updateTable('user').set({ timezone: 'America/New_York' }).where('id', '=', user.id).execute();
    expect(await nextSend(t, user.id)).toBe(0);
    await t.runJob();
    expect(await nextSend(t, user.id)).toBe(Date.UTC(2026, 10, 16, 13));
  });
});

describe('migration 0021 on a database with users', () => {
  it('gives every user a row: due at the latest send time when that period is not recorded, else at the next; none when off', async () => {
    database = await createTestDatabase({ until: '0020-http-assertions' });
    const { db, dialect } = database;
    const [fresh, sent, off] = [
      await insertUserRow(db, dialect),
      await insertUserRow(db, dialect),
      await insertUserRow(db, dialect),
    ];
    const schedule = { frequency: 'weekly', weekday: 1, hour: 8, timezone: 'UTC' } as const;
    const before = Date.now();
    const latest = latestDuePeriod(schedule, before);
    if (!latest) throw new Error('a weekly schedule always has a latest period');
    await sql`insert into digest_settings (user_id, frequency, weekday, hour, last_preview_at, updated_at)
      values (${off}, 'off', 1, 8, null, 1)`.execute(db);
    await sql`insert into digest_reports (id, user_id, frequency, period_start, period_end, html, data, created_at, sent_at)
      values (${uuidv7()}, ${sent}, 'weekly', ${latest.start}, ${latest.end}, '', '{}', ${before}, ${before})`.execute(
      db,
    );
    await migrateToLatest(db, dialect);
    const after = Date.now();
    const rows = await db.selectFrom('digest_settings').select(['user_id', 'next_send_at']).execute();
    const next = Object.fromEntries(
      rows.map((r) => [r.user_id, r.next_send_at === null ? null : Number(r.next_send_at)]),
    );
    // The clock may pass a send time while migrating: either side of it is right.
    const either = (at: (now: number) => number | null | undefined) => [at(before), at(after)];
    expect(either((now) => latestDuePeriod(schedule, now)?.sendAt)).toContain(next[fresh]);
    expect(either((now) => nextSendAt(schedule, now))).toContain(next[sent]);
    expect(next[off]).toBeNull();
  });
});
