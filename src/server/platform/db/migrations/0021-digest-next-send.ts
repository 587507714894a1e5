// The digest job costs what is due, not what exists (issue 17): each settings row carries when
// the job next has to look at it (`next_send_at`, null while digests are off), and one index
// serves `where next_send_at <= now order by next_send_at`. For that every user needs a row:
// existing users get one here and new users one from a trigger, with the defaults that a missing
// row used to stand for. A time zone change makes the row due at once, so the job works out the
// send time in the new zone.
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { latestDuePeriod, nextSendAt, safeTimeZone } from '../../../../core/digest-periods.ts';
import type { Database } from '../schema.ts';
import type { Migration } from './migration.ts';

const PAGE = 500;
const DAY_MS = 86_400_000;

/** settings.ts DEFAULT_SETTINGS as of this release; updated_at 0: no send time was chosen away. */
const DEFAULT_ROW = sql`'weekly', 1, 8, null, 0, 0`;
const COLUMNS = sql`(user_id, frequency, weekday, hour, last_preview_at, updated_at, next_send_at)`;

async function createTriggers(db: Kysely<unknown>, postgres: boolean) {
  if (!postgres) {
    await sql`create trigger digest_settings_for_new_user after insert on "user" for each row begin
        insert or ignore into digest_settings ${COLUMNS} values (new.id, ${DEFAULT_ROW});
      end`.execute(db);
    await sql`create trigger digest_settings_on_time_zone after update of timezone on "user" for each row
      when old.timezone is not new.timezone begin
        update digest_settings set next_send_at = 0 where user_id = new.id and next_send_at is not null;
      end`.execute(db);
    return;
  }
  // `set search_path from current`: the functions find digest_settings in the schema migrated.
  await sql`create function digest_settings_for_new_user() returns trigger language plpgsql
    set search_path from current as $$ begin
      insert into digest_settings ${COLUMNS} values (new.id, ${DEFAULT_ROW}) on conflict (user_id) do nothing;
      return null;
    end $$`.execute(db);
  await sql`create trigger digest_settings_for_new_user after insert on "user" for each row
    execute function digest_settings_for_new_user()`.execute(db);
  await sql`create function digest_settings_on_time_zone() returns trigger language plpgsql
    set search_path from current as $$ begin
      update digest_settings set next_send_at = 0 where user_id = new.id and next_send_at is not null;
      return null;
    end $$`.execute(db);
  await sql`create trigger digest_settings_on_time_zone after update of timezone on "user" for each row
    when (old.timezone is distinct from new.timezone) execute function digest_settings_on_time_zone()`.execute(
    db,
  );
}

/**
 * Each row's first look: the latest send time that passed when its period is not recorded yet
 * (the job then decides, as it did on every pass before), otherwise the next send time.
 */
async function backfill(db: Kysely<Database>, now: number) {
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('digest_settings')
      .innerJoin('user', 'user.id', 'digest_settings.user_id')
      .select(['user_id', 'frequency', 'weekday', 'hour', 'user.timezone'])
      .where('user_id', '>', after)
      .orderBy('user_id')
      .limit(PAGE)
      .execute();
    const last = rows.at(-1);
    if (!last) return;
    const recorded = await db
      .selectFrom('digest_reports')
      .select(['user_id', 'frequency', 'period_start'])
      .where('user_id', '>', after)
      .where('user_id', '<=', last.user_id)
      .where('period_start', '>=', now - 16 * DAY_MS)
      .execute();
    const sent = new Set(recorded.map((r) => `${r.user_id} ${r.frequency} ${Number(r.period_start)}`));
    // Rows sharing a time (the same zone and schedule) are written in one statement.
    const byTime = new Map<number | null, string[]>();
    for (const row of rows) {
      const schedule = { ...row, timezone: safeTimeZone(row.timezone) };
      const due = latestDuePeriod(schedule, now);
      const at =
        due && !sent.has(`${row.user_id} ${due.frequency} ${due.start}`)
          ? due.sendAt
          : nextSendAt(schedule, now);
      byTime.set(at, [...(byTime.get(at) ?? []), row.user_id]);
    }
    for (const [at, ids] of byTime) {
      await db.updateTable('digest_settings').set({ next_send_at: at }).where('user_id', 'in', ids).execute();
    }
    after = last.user_id;
  }
}

export const digestNextSend: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema.alterTable('digest_settings').addColumn('next_send_at', 'bigint').execute();
    await sql`insert into digest_settings ${COLUMNS}
      select id, ${DEFAULT_ROW} from "user" where id not in (select user_id from digest_settings)`.execute(
      db,
    );
    // Migrations take no clock; the first look is at worst early, never late.
    await backfill(db as Kysely<Database>, Date.now());
    await db.schema
      .createIndex('digest_settings_next_send_idx')
      .on('digest_settings')
      .columns(['next_send_at', 'user_id'])
      .where(sql<boolean>`next_send_at is not null`)
      .execute();
    await createTriggers(db, postgres);
  },
};
