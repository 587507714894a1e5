// A batch of rows' new values written in a few statements: `update … from (values …)` in
// power-of-two chunks (chunks.ts), not one UPDATE per row. PostgreSQL types a VALUES list's
// columns from its literals, so every column that is not text is cast where it is assigned.
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { powerOfTwoChunks } from './chunks.ts';
import type { Database } from './schema.ts';

export interface ValuesUpdate {
  table: 'monitors' | 'monitor_regions';
  /** Columns that find the row (text, compared as they are); every other column of a row is set from it. */
  keys: readonly string[];
  /** The SQL type a column's value is cast to (PostgreSQL reads a VALUES number as text or int). */
  casts?: Readonly<Record<string, 'bigint' | 'integer'>>;
  /** Assignments that replace `v.column` for a column the rows carry, or set one they do not. */
  assign?: Readonly<Record<string, RawBuilder<unknown>>>;
  /** Further conditions a row must meet to change, besides its keys. */
  where?: RawBuilder<unknown>;
  /** What each changed row gives back (`*` on SQLite, `monitors.*` on PostgreSQL); none when unset. */
  returning?: RawBuilder<unknown>;
  maxChunk: number;
}

/**
 * `rows` name the same columns, each built by one object literal: the first row's are the list.
 * Gives back the changed rows as `spec.returning` asks, or none.
 */
export async function updateFromValues<Changed = Record<string, unknown>>(
  db: Kysely<Database>,
  spec: ValuesUpdate,
  rows: readonly Readonly<Record<string, unknown>>[],
): Promise<Changed[]> {
  const first = rows[0];
  if (!first) return [];
  const columns = Object.keys(first).filter((column) => !spec.keys.includes(column));
  const names = [...spec.keys, ...columns];
  const assignments = [
    ...columns
      .filter((column) => !spec.assign?.[column])
      .map((column) => {
        const value = sql.ref(`v.${column}`);
        const cast = spec.casts?.[column];
        return sql`${sql.ref(column)} = ${cast ? sql`cast(${value} as ${sql.raw(cast)})` : value}`;
      }),
    ...Object.entries(spec.assign ?? {}).map(([column, value]) => sql`${sql.ref(column)} = ${value}`),
  ];
  const matched = spec.keys.map((key) => sql`${sql.ref(`${spec.table}.${key}`)} = ${sql.ref(`v.${key}`)}`);
  const conditions = spec.where ? [...matched, spec.where] : matched;
  const returning = spec.returning ? sql`returning ${spec.returning}` : sql``;
  const changed: Changed[] = [];
  for (const chunk of powerOfTwoChunks(rows, spec.maxChunk)) {
    const values = chunk.map((row) => sql`(${sql.join(names.map((name) => row[name]))})`);
    const { rows: given } = await sql<Changed>`
      with v(${sql.join(names.map((name) => sql.ref(name)))}) as (values ${sql.join(values)})
      update ${sql.table(spec.table)} set ${sql.join(assignments)}
      from v
      where ${sql.join(conditions, sql` and `)}
      ${returning}
    `.execute(db);
    changed.push(...given);
  }
  return changed;
}
