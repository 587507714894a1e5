// Keyset pagination on (a time column, id), newest first: the opaque cursor names the last row
// of a page, and one extra row fetched past the limit tells whether another page follows.
import { ApiError } from './errors.ts';

export function encodeCursor(at: number, id: string): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url');
}

export function decodeCursor(cursor: string): [number, string] {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    if (typeof at === 'number' && typeof id === 'string') return [at, id];
  } catch {
    // falls through to the 400
  }
  throw new ApiError(400, 'invalid_cursor', 'The cursor is not one this API returned.');
}

/** The first `limit` of up to `limit + 1` rows, and the cursor after them if the extra row came back. */
export function slicePage<Row extends { id: string }>(
  rows: Row[],
  limit: number,
  at: (row: Row) => number,
): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { page, nextCursor: rows.length > limit && last ? encodeCursor(at(last), last.id) : null };
}
