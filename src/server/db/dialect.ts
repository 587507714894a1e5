// The few places where SQLite and PostgreSQL differ. Queries elsewhere are written once.
import { type ColumnDataType, type Kysely, type RawBuilder, sql } from 'kysely';
import type { Dialect } from './connect.ts';
import type { Database } from './schema.ts';

export interface DialectTypes {
  /** better-auth's own date columns: ISO text on SQLite, timestamptz on PostgreSQL. */
  authDate: ColumnDataType;
  /** better-auth's own boolean columns: 0/1 on SQLite, boolean on PostgreSQL. */
  authBoolean: ColumnDataType;
}

export function dialectTypes(dialect: Dialect): DialectTypes {
  return dialect === 'sqlite'
    ? { authDate: 'date', authBoolean: 'integer' }
    : { authDate: 'timestamptz', authBoolean: 'boolean' };
}

/**
 * Serialises writers that check-then-insert for one user (e.g. the monitor limit) inside a
 * transaction. PostgreSQL locks the user's row; SQLite already runs one writer at a time.
 */
export async function lockUserRow(tx: Kysely<Database>, dialect: Dialect, userId: string): Promise<void> {
  if (dialect === 'postgres') {
    await tx.selectFrom('user').select('id').where('id', '=', userId).forUpdate().execute();
  }
}

/** Two-argument min/max: SQLite's scalar min()/max(), PostgreSQL's least()/greatest(). */
export function smallerOf(
  dialect: Dialect,
  a: RawBuilder<number>,
  b: RawBuilder<number>,
): RawBuilder<number> {
  return dialect === 'sqlite' ? sql<number>`min(${a}, ${b})` : sql<number>`least(${a}, ${b})`;
}

export function largerOf(dialect: Dialect, a: RawBuilder<number>, b: RawBuilder<number>): RawBuilder<number> {
  return dialect === 'sqlite' ? sql<number>`max(${a}, ${b})` : sql<number>`greatest(${a}, ${b})`;
}
