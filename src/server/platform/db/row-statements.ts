// Multi-row inserts repeat in a few shapes: one statement, one list of columns, a power-of-two
// number of rows (chunks.ts). Kysely builds a node for every value and compiles the whole tree to
// SQL on every call, and SQLite's statement cache then hashes the new multi-kilobyte text to find
// it again. For the rollup upserts (28 columns, up to 512 rows) that was about 5% of Upwatch's
// CPU at 20,000 monitors. The text of a shape is compiled on its first batch; later batches bind
// their values to the same text.
import { type Compilable, CompiledQuery, type Kysely } from 'kysely';

// Bounded although the shapes are few: they come from code, not from data.
const MAX_SHAPES = 1_000;
/** Texts by shape, per database: keyed by its Kysely adapter, which its transactions share. */
const textsByDatabase = new WeakMap<object, Map<string, string>>();

/**
 * Executes `build()`, a statement whose only parameters are the values of `rows`, row by row in
 * the order of the first row's columns (an insert of `rows`, say). `statement` names everything
 * else its text depends on (the table, an ON CONFLICT clause that varies).
 */
export async function executeRows<DB>(
  db: Kysely<DB>,
  statement: string,
  rows: readonly object[],
  build: () => Compilable<unknown>,
): Promise<void> {
  const columns = Object.keys(rows[0] ?? {});
  const values: unknown[] = [];
  for (const row of rows) {
    for (const column of columns) {
      const value = (row as Readonly<Record<string, unknown>>)[column];
      // Kysely leaves an undefined value out of the text (DEFAULT): not a shape of its own.
      if (value === undefined) {
        await db.executeQuery(build().compile());
        return;
      }
      values.push(value);
    }
  }
  const adapter = db.getExecutor().adapter;
  let texts = textsByDatabase.get(adapter);
  if (!texts) {
    texts = new Map();
    textsByDatabase.set(adapter, texts);
  }
  const shape = `${statement}|${rows.length}|${columns.join(',')}`;
  const text = texts.get(shape);
  if (text !== undefined) {
    await db.executeQuery(CompiledQuery.raw(text, values));
    return;
  }
  const compiled = build().compile();
  // Kept only when Kysely bound exactly these values in this order, so a reused text can never
  // pair a value with the wrong column.
  if (sameValues(compiled.parameters, values)) {
    if (texts.size >= MAX_SHAPES) texts.clear();
    texts.set(shape, compiled.sql);
  }
  await db.executeQuery(compiled);
}

function sameValues(bound: readonly unknown[], values: readonly unknown[]): boolean {
  return bound.length === values.length && bound.every((value, index) => value === values[index]);
}
