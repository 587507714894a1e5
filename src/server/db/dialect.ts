// The few places where SQLite and PostgreSQL differ. Queries elsewhere are written once.
import type { ColumnDataType } from 'kysely';
import type { Dialect } from './connect.ts';

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
