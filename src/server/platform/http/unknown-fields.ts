// Unknown fields are refused (issue 22): zod drops a body key it does not know, so a typo (a
// status page created with `monitorIds` instead of `monitors`) would silently do nothing. What the
// parse dropped is what the caller sent beyond the schema: the first such key, by its path.

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The path of the first key of `sent` that `parsed` (its parse) no longer has, or null. */
export function firstUnknownField(
  sent: unknown,
  parsed: unknown,
  path: readonly (string | number)[] = [],
): string | null {
  if (Array.isArray(sent) && Array.isArray(parsed) && sent.length === parsed.length) {
    for (let index = 0; index < sent.length; index++) {
      const found = firstUnknownField(sent[index], parsed[index], [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (!isPlainObject(sent) || !isPlainObject(parsed)) return null;
  for (const [key, value] of Object.entries(sent)) {
    if (!(key in parsed)) return [...path, key].join('.');
    const found = firstUnknownField(value, parsed[key], [...path, key]);
    if (found) return found;
  }
  return null;
}
