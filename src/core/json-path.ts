// A small path language for JSON bodies, used by HTTP assertions: `$.status`, `data.items[0].id`,
// `items.length`, `items[-1]`, `$["odd.key"]`. Not JSONPath: no wildcards, filters or recursive
// descent, so a path names at most one value and an assertion compares exactly one thing.
//
//   path  := root? step*     root := "$" (optional; a path may start with a bare name)
//   step  := "." name | "[" integer "]" | "[" quoted "]"
//   name  := any characters but . [ ] and white space
//
// `.length` on an array or string is its length (an object's own "length" key wins); a negative
// index counts from the end.

export type PathStep = { key: string } | { index: number };
export type ParsedPath = { ok: true; steps: PathStep[] } | { ok: false; error: string };
export type Resolved = { found: true; value: unknown } | { found: false };

export const MAX_PATH_LENGTH = 200;
const NAME = /[^.[\]\s]+/y;
const INDEX = /-?\d+(?=\])/y;

export function parsePath(path: string): ParsedPath {
  if (path.length === 0) return { ok: false, error: 'Enter a path such as $.status.' };
  if (path.length > MAX_PATH_LENGTH)
    return { ok: false, error: `Paths are limited to ${MAX_PATH_LENGTH} characters.` };
  const steps: PathStep[] = [];
  let at = 0;
  const fail = (error: string): ParsedPath => ({ ok: false, error });
  const name = (): string | null => {
    NAME.lastIndex = at;
    const match = NAME.exec(path);
    if (!match) return null;
    at = NAME.lastIndex;
    return match[0];
  };

  // `$` is the root only when a step or the end follows it: `$ref` is a key.
  if (path[0] === '$' && (path.length === 1 || path[1] === '.' || path[1] === '[')) at = 1;
  else if (path[0] !== '.' && path[0] !== '[') {
    const first = name();
    if (first === null) return fail(`Unexpected "${path[0]}" at position 1.`);
    steps.push({ key: first });
  }

  while (at < path.length) {
    const char = path[at];
    if (char === '.') {
      at += 1;
      const key = name();
      if (key === null) return fail(`Expected a name after "." at position ${at}.`);
      steps.push({ key });
    } else if (char === '[') {
      at += 1;
      const quote = path[at];
      if (quote === '"' || quote === "'") {
        const end = closingQuote(path, at);
        if (end === -1 || path[end + 1] !== ']')
          return fail(`Unclosed ${quote} after "[" at position ${at}.`);
        steps.push({ key: path.slice(at + 1, end).replace(/\\(.)/g, '$1') });
        at = end + 2;
      } else {
        INDEX.lastIndex = at;
        const match = INDEX.exec(path);
        if (!match) return fail(`Use [n] with a whole number, or ["name"], at position ${at}.`);
        steps.push({ index: Number(match[0]) });
        at = INDEX.lastIndex + 1;
      }
    } else {
      return fail(`Unexpected "${char}" at position ${at + 1}.`);
    }
  }
  return { ok: true, steps };
}

/** The position of the quote closing the one at `open`, skipping backslash escapes; -1 if none. */
function closingQuote(path: string, open: number): number {
  for (let at = open + 1; at < path.length; at++) {
    if (path[at] === '\\') at += 1;
    else if (path[at] === path[open]) return at;
  }
  return -1;
}

export function resolvePath(root: unknown, steps: readonly PathStep[]): Resolved {
  let value = root;
  for (const step of steps) {
    const next = stepInto(value, step);
    if (!next.found) return next;
    value = next.value;
  }
  return { found: true, value };
}

function stepInto(value: unknown, step: PathStep): Resolved {
  const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
  if ('index' in step) {
    if (Array.isArray(value)) {
      const at = step.index < 0 ? value.length + step.index : step.index;
      return at >= 0 && at < value.length ? { found: true, value: value[at] } : { found: false };
    }
    return isObject ? own(value, String(step.index)) : { found: false };
  }
  if (isObject && Object.hasOwn(value, step.key)) return own(value, step.key);
  if (step.key === 'length') {
    if (Array.isArray(value)) return { found: true, value: value.length };
    if (typeof value === 'string') return { found: true, value: Array.from(value).length };
  }
  return { found: false };
}

function own(value: object, key: string): Resolved {
  return Object.hasOwn(value, key)
    ? { found: true, value: (value as Record<string, unknown>)[key] }
    : { found: false };
}
