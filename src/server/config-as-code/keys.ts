// The key each resource has in the file. A resource an apply made keeps the key it was given;
// one made in the app gets a key from its name, so export can write it and a later apply of that
// file adopts it instead of making a twin.

const MAX_KEY = 63;

function slug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_KEY - 4)
    .replace(/-+$/, '');
}

export interface KeyedRow {
  id: string;
  name: string;
  managed_key?: string | null;
}

/** Rows in a stable order (oldest first) with their keys; derived keys never take a managed one. */
export function assignKeys<T extends KeyedRow>(
  rows: readonly T[],
  fallback: string,
): (T & { key: string })[] {
  const taken = new Set(rows.flatMap((row) => (row.managed_key ? [row.managed_key] : [])));
  return rows.map((row) => {
    if (row.managed_key) return { ...row, key: row.managed_key };
    const base = slug(row.name) || fallback;
    let key = base;
    for (let n = 2; taken.has(key); n++) key = `${base}-${n}`;
    taken.add(key);
    return { ...row, key };
  });
}
