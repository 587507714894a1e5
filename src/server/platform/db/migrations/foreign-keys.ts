// PostgreSQL names a column's foreign key itself (`<table>_<column>_fkey` unless told): changing
// one starts by finding what it is called in this schema.
import { type Kysely, sql } from 'kysely';

export async function foreignKeyOf(db: Kysely<unknown>, table: string, column: string): Promise<string> {
  const { rows } = await sql<{ name: string }>`
    select con.conname as name from pg_constraint con
    join pg_class rel on rel.oid = con.conrelid
    join pg_namespace ns on ns.oid = rel.relnamespace
    join pg_attribute att on att.attrelid = rel.oid and att.attnum = con.conkey[1]
    where con.contype = 'f' and ns.nspname = current_schema() and rel.relname = ${table}
      and att.attname = ${column}`.execute(db);
  const [only] = rows;
  if (!only || rows.length !== 1) {
    throw new Error(`${table}.${column}: expected one foreign key, found ${rows.length}`);
  }
  return only.name;
}
