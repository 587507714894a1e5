// How the database would run a compiled query: SQLite's EXPLAIN QUERY PLAN or PostgreSQL's
// EXPLAIN, as plain text, one line per plan step. Tests of periodic jobs use it to prove that a
// per-poll query searches an index instead of scanning a table, on both dialects.
import { type CompiledQuery, type Kysely, sql } from 'kysely';
import type { Dialect } from './connect.ts';

export interface QueryPlan {
  text: string;
  /** Names read from start to end (see scannedTables). */
  fullScans: string[];
}

/**
 * What the plan reads from start to end. SQLite: `SCAN t` and `SCAN t USING INDEX i` (a whole
 * index walked is a scan too), named as the query names them (an alias, or a CTE such as `due`).
 * PostgreSQL: `Seq Scan on t`, and an index scan with no `Index Cond` (a whole index walked).
 */
function scannedTables(dialect: Dialect, lines: readonly string[]): string[] {
  if (dialect === 'sqlite') {
    return lines.flatMap((line) => {
      const name = /\bSCAN (\w+)/.exec(line)?.[1];
      return name && name !== 'CONSTANT' ? [name] : [];
    });
  }
  return lines.flatMap((line, at) => {
    const seq = /Seq Scan on (\w+)/.exec(line)?.[1];
    if (seq) return [seq];
    const index = /Index (?:Only )?Scan(?: Backward)? using \w+ on (\w+)/.exec(line)?.[1];
    if (!index) return [];
    const details = [];
    for (const next of lines.slice(at + 1)) {
      if (next.includes('->') || !next.startsWith(' ')) break;
      details.push(next);
    }
    return details.some((detail) => detail.includes('Index Cond')) ? [] : [index];
  });
}

/**
 * Explains `query` without running it. On PostgreSQL sequential scans, merge and hash joins and
 * memoized inner scans are
 * priced out for the explain (inside a rolled-back transaction): on a test's small tables the
 * planner rightly prefers reading whole tables or indexes, while at production sizes it probes
 * indexes; this way a small table still shows whether an index *can* serve each step, and a
 * scan left in the plan means none can.
 */
export async function explainQuery(
  db: Kysely<unknown>,
  dialect: Dialect,
  query: CompiledQuery,
): Promise<QueryPlan> {
  const explain = {
    ...query,
    sql: `${dialect === 'sqlite' ? 'explain query plan' : 'explain'} ${query.sql}`,
  };
  let lines: string[];
  if (dialect === 'sqlite') {
    const { rows } = await db.executeQuery<{ detail: string }>(explain);
    lines = rows.map((row) => row.detail);
  } else {
    lines = await db
      .transaction()
      .execute(async (tx) => {
        await sql`set local enable_seqscan = off`.execute(tx);
        await sql`set local enable_mergejoin = off`.execute(tx);
        await sql`set local enable_hashjoin = off`.execute(tx);
        await sql`set local enable_memoize = off`.execute(tx);
        const { rows } = await tx.executeQuery<{ 'QUERY PLAN': string }>(explain);
        throw new Rollback(rows.map((row) => row['QUERY PLAN']));
      })
      .catch((err: unknown) => {
        if (err instanceof Rollback) return err.lines;
        throw err;
      });
  }
  return { text: lines.join('\n'), fullScans: scannedTables(dialect, lines) };
}

class Rollback extends Error {
  constructor(readonly lines: string[]) {
    super('explain rolled back');
  }
}
