// Expected-status expressions such as `200-399`, `200-299,301` or `200,204`: one parser shared by
// the monitor form (zod refine), the API and the HTTP check runner, so they can never disagree.

export const DEFAULT_EXPECTED_STATUS = '200-399';

const MIN_CODE = 100;
const MAX_CODE = 599;
// Generous for any real rule, small enough that a pasted list cannot make matching costly.
const MAX_PARTS = 50;
const MAX_LENGTH = 500;

export type StatusRange = readonly [from: number, to: number];

export interface StatusExpectation {
  /** Sorted, merged ranges: `204,200-299` and `200-299` give the same list. */
  readonly ranges: readonly StatusRange[];
  /** The expression written back in its shortest sorted form, e.g. `200-299,301`. */
  readonly canonical: string;
  matches(code: number): boolean;
}

export type StatusParseResult = { ok: true; value: StatusExpectation } | { ok: false; error: string };

export function parseStatusExpression(input: string): StatusParseResult {
  if (input.length > MAX_LENGTH) return fail(`Keep the status list under ${MAX_LENGTH} characters.`);
  const parts = input.split(',').map((part) => part.trim());
  if (parts.length === 1 && parts[0] === '') return fail('Enter at least one status code, like 200-399.');
  if (parts.length > MAX_PARTS) return fail(`Use at most ${MAX_PARTS} codes or ranges.`);

  const ranges: StatusRange[] = [];
  for (const part of parts) {
    const parsed = parsePart(part);
    if (typeof parsed === 'string') return fail(parsed);
    ranges.push(parsed);
  }
  return { ok: true, value: expectationOf(merge(ranges)) };
}

/** For zod `.refine`/`.superRefine`: the human message, or undefined when the expression is valid. */
export function statusExpressionError(input: string): string | undefined {
  const result = parseStatusExpression(input);
  return result.ok ? undefined : result.error;
}

/** Parses an expression already validated on the way in; a bad one here is a programming error. */
export function expectStatus(input: string): StatusExpectation {
  const result = parseStatusExpression(input);
  if (!result.ok) throw new Error(`Invalid expected status "${input}": ${result.error}`);
  return result.value;
}

function parsePart(part: string): StatusRange | string {
  if (part === '') return 'Remove the empty entry between commas.';
  const match = /^(\d+)\s*(?:-\s*(\d+))?$/.exec(part);
  if (!match) return `"${part}" is not a status code or a range like 200-299.`;
  const from = codeOf(match[1] ?? '');
  if (typeof from === 'string') return from;
  if (match[2] === undefined) return [from, from];
  const to = codeOf(match[2]);
  if (typeof to === 'string') return to;
  if (to < from) return `The range ${from}-${to} runs backwards; write it as ${to}-${from}.`;
  return [from, to];
}

function codeOf(digits: string): number | string {
  const code = Number(digits);
  if (digits.length !== 3 || code < MIN_CODE || code > MAX_CODE) {
    return `${digits} is not an HTTP status code; use codes from ${MIN_CODE} to ${MAX_CODE}.`;
  }
  return code;
}

function merge(ranges: StatusRange[]): StatusRange[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [from, to] of sorted) {
    const last = merged.at(-1);
    // Adjacent ranges merge too (200,201 → 200-201), so equal rules have one spelling.
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

function expectationOf(ranges: StatusRange[]): StatusExpectation {
  return {
    ranges,
    canonical: ranges.map(([from, to]) => (from === to ? `${from}` : `${from}-${to}`)).join(','),
    matches: (code) => ranges.some(([from, to]) => code >= from && code <= to),
  };
}

function fail(error: string): StatusParseResult {
  return { ok: false, error };
}
