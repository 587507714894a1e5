// An incident note stays when its author's account is deleted (issue 18): in a shared workspace
// it is part of the team's record, like the updates and timeline entries that already keep theirs.
// The note keeps no author then; it reads as a former member's.
import { sql } from 'kysely';
import { foreignKeyOf } from './foreign-keys.ts';
import type { Migration } from './migration.ts';
import { rebuildTable, withoutForeignKeys } from './sqlite-rebuild.ts';

const CASCADING = '"author_id" text not null references "user" ("id") on delete cascade';

export const notesOutliveAuthors: Migration = {
  async up(db, types) {
    if (types.dialect === 'postgres') {
      const name = await foreignKeyOf(db, 'incident_notes', 'author_id');
      await sql`alter table incident_notes
        alter column author_id drop not null,
        drop constraint ${sql.id(name)},
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
