// An incident note stays when its author's account is deleted (issue 18): in a shared workspace
// it is part of the team's record, like the updates and timeline entries that already keep theirs.
// The note keeps no author then; it reads as a former member's.
import { sql } from 'kysely';
import type { Migration } from '../migrate.ts';
import { rebuildTable, withoutForeignKeys } from './sqlite-rebuild.ts';

const CASCADING = '"author_id" text not null references "user" ("id") on delete cascade';

export const notesOutliveAuthors: Migration = {
  async up(db, types) {
    if (types.dialect === 'postgres') {
      const { rows } = await sql<{ name: string }>`
        select con.conname as name from pg_constraint con
        join pg_class rel on rel.oid = con.conrelid
        join pg_namespace ns on ns.oid = rel.relnamespace
        join pg_attribute att on att.attrelid = rel.oid and att.attnum = con.conkey[1]
        where con.contype = 'f' and ns.nspname = current_schema() and rel.relname = 'incident_notes'
          and att.attname = 'author_id'`.execute(db);
      await sql`alter table incident_notes
        alter column author_id drop not null,
        drop constraint ${sql.id(rows[0]?.name ?? 'incident_notes_author_id_fkey')},
        add constraint incident_notes_author_fkey foreign key (author_id)
          references "user" (id) on delete set null`.execute(db);
      return;
    }
    await withoutForeignKeys(db, () =>
      rebuildTable(db, 'incident_notes', (definition) =>
        definition.replace(CASCADING, '"author_id" text references "user" ("id") on delete set null'),
      ),
    );
  },
};
