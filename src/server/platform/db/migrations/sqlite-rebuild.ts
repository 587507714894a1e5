// SQLite cannot change a column's constraints in place: the table is rebuilt under its own name
// from its stored definition with `change` applied, its rows copied as they are, then its indexes
// and triggers made again; foreign keys are off meanwhile so the old table's drop cascades
// nowhere, as SQLite's own ALTER TABLE guide describes. Migrations on SQLite run outside a
// transaction, where that pragma takes effect.
import { type Kysely, sql } from 'kysely';

export async function rebuildTable(
  db: Kysely<unknown>,
  table: string,
  change: (definition: string) => string,
): Promise<void> {
  const { rows } = await sql<{ type: string; sql: string | null }>`
    select type, sql from sqlite_master where tbl_name = ${table} order by type = 'table' desc`.execute(db);
  const [create, ...rest] = rows;
  const definition = create?.sql ?? '';
  const changed = change(definition);
  if (changed === definition) throw new Error(`${table}: the rebuild would change nothing`);
  const rebuilt = `${table}_rebuilt`;
  await db.transaction().execute(async (tx) => {
    await sql.raw(changed.replace(`CREATE TABLE "${table}"`, `CREATE TABLE "${rebuilt}"`)).execute(tx);
    await sql`insert into ${sql.table(rebuilt)} select * from ${sql.table(table)}`.execute(tx);
    await sql`drop table ${sql.table(table)}`.execute(tx);
    await sql`alter table ${sql.table(rebuilt)} rename to ${sql.table(table)}`.execute(tx);
    for (const { sql: statement } of rest) if (statement) await sql.raw(statement).execute(tx);
  });
}

/** Runs `work` with foreign keys off, then checks every row still points somewhere. */
export async function withoutForeignKeys(db: Kysely<unknown>, work: () => Promise<void>): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await work();
    const { rows } = await sql`pragma foreign_key_check`.execute(db);
    if (rows.length > 0) throw new Error(`rows pointing nowhere: ${JSON.stringify(rows.slice(0, 5))}`);
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
