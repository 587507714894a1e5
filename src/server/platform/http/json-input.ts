// What the app refuses in any input before a route or a parser walks it (issue 40, item 8):
// - U+0000 in text: PostgreSQL's text cannot hold it, so the write failed there as a 500 while
//   SQLite stored it. Refused on both dialects, so both behave the same.
// - Nesting past MAX_JSON_DEPTH: recursive walks (the unknown-field check, JSON.stringify, an
//   import's rule groups) overflowed the stack on a file nested 10,000 deep, a RangeError and a 500.
// The walk here is iterative, so it is safe on whatever JSON.parse accepted.

/** Deeper than any real export or body (Kuma backups and upwatch.yaml nest under ten). */
export const MAX_JSON_DEPTH = 64;

export interface InputProblem {
  code: 'invalid_text' | 'too_deeply_nested';
  message: string;
}

export const NUL = '\u0000';

export function nulText(where: string): InputProblem {
  const at = where ? `${where}: ` : '';
  return { code: 'invalid_text', message: `${at}text may not contain the NUL character (U+0000).` };
}

function tooDeep(where: string): InputProblem {
  const at = where ? `${where}: ` : '';
  return {
    code: 'too_deeply_nested',
    message: `${at}the JSON is nested deeper than ${MAX_JSON_DEPTH} levels.`,
  };
}

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/** The first NUL in a string or key, or the first container past the depth bound; null if none. */
export function jsonInputProblem(value: unknown): InputProblem | null {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth: 0, path: '' }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value: current, depth, path } = item;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return nulText(path);
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= MAX_JSON_DEPTH) return tooDeep(path);
    const entries: [string | number, unknown][] = Array.isArray(current)
      ? current.map((child, index) => [index, child])
      : Object.entries(current);
    const badKey = entries.find(([key]) => typeof key === 'string' && key.includes(NUL));
    if (badKey) return nulText(join(path, String(badKey[0]).replaceAll(NUL, '')));
    // Reversed, so the first field is the first reported.
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, child] = entries[index] as [string | number, unknown];
      stack.push({ value: child, depth: depth + 1, path: join(path, key) });
    }
  }
  return null;
}
