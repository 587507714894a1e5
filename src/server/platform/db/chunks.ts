// Multi-row statements in a few sizes only. SQLite's prepared statements are cached by their
// text (connect.ts), and a batch of n rows is a new text for every n: at 100,000 monitors batches
// of 1 to 200 rows prepared hundreds of distinct multi-thousand-parameter statements, each
// compiled afresh and its memory held until garbage collection. Sizes that are powers of two
// give at most log2(max) + 1 texts per statement.

/** Consecutive chunks of `rows`, each a power of two in size and at most `max` (a power of two). */
export function* powerOfTwoChunks<T>(rows: readonly T[], max: number): Generator<T[]> {
  let start = 0;
  while (start < rows.length) {
    let size = max;
    while (size > rows.length - start) size /= 2;
    yield rows.slice(start, start + size);
    start += size;
  }
}
