// What a migration is: its own module, so that the migrations and the list that runs them
// (migrate.ts) do not import each other.
import type { Kysely } from 'kysely';
import type { DialectTypes } from '../dialect.ts';

export interface Migration {
  up(db: Kysely<unknown>, types: DialectTypes): Promise<void>;
}
