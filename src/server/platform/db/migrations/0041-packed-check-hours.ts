// Check results older than two days, packed per monitor and hour into one compressed value
// (history/packed-codec.ts; issue 17, item 9's stretch): an hour of one-minute checks takes a few
// hundred bytes instead of 37 per check. Retention ages a packed hour by its last check
// (`last_at`), so no check is pruned before its own time.
import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const packedCheckHours: Migration = {
  async up(db, types) {
    const blob = types.dialect === 'postgres' ? sql`bytea` : sql`blob`;
    await sql`create table check_result_hours (
      monitor_seq integer not null references monitors (seq) on delete cascade,
      hour_at bigint not null,
      last_at bigint not null,
      checks integer not null,
      packed ${blob} not null,
      primary key (monitor_seq, hour_at)
    ) ${types.clusteredTable}`.execute(db);
    await db.schema
      .createIndex('check_result_hours_retention_idx')
      .on('check_result_hours')
      .columns(['monitor_seq', 'last_at'])
      .execute();
  },
};
