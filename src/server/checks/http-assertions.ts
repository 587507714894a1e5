// Judges an HTTP response against the monitor's assertions on its JSON body and headers. Pure: the
// response in, the first failure out. The body is parsed once, and only when a body assertion needs it.
//
// Every assertion is evaluated, in order; the first failure is reported, with how many more failed.
// A missing value or header fails every operator, `!=` included: a typo in a path must not pass
// silently.
import type { IncomingHttpHeaders } from 'node:http';
import type { HttpAssertion } from '../../core/api/monitor-kinds/http-assertions.ts';
import { parsePath, resolvePath } from '../../core/json-path.ts';
import type { CheckFailure } from './types.ts';

export type { HttpAssertion };

export interface AssertedResponse {
  headers: IncomingHttpHeaders;
  /** The body as read (empty unless it was kept). */
  text: string;
  /** Only the first part of a longer body was read. */
  truncated: boolean;
  /** The cap on what was read, for the message about a cut-off body. */
  maxBodyBytes: number;
}

type Scalar = string | number | boolean | null;
const SHOWN_CHARS = 100;

/** Whether any assertion needs the body text (the runner then keeps it). */
export function needsBody(assertions: readonly HttpAssertion[] | undefined): boolean {
  return assertions?.some((assertion) => assertion.source === 'json') ?? false;
}

export function judgeAssertions(
  assertions: readonly HttpAssertion[],
  response: AssertedResponse,
): CheckFailure | undefined {
  let body: { json: unknown } | null | undefined;
  const parsedBody = () => {
    body ??= parseJson(response.text);
    return body;
  };
  const failures: string[] = [];
  for (const assertion of assertions) {
    const message =
      assertion.source === 'json'
        ? judgeJson(assertion, parsedBody(), response)
        : judgeHeader(assertion, response.headers);
    if (message) failures.push(message);
  }
  const [first] = failures;
  if (first === undefined) return undefined;
  const more = failures.length - 1;
  const suffix = more === 0 ? '' : ` (${more} more assertion${more === 1 ? '' : 's'} failed.)`;
  return { code: 'assertion_failed', message: `${first}${suffix}` };
}

type JsonAssertion = Extract<HttpAssertion, { source: 'json' }>;
type HeaderAssertion = Extract<HttpAssertion, { source: 'header' }>;

function judgeJson(
  assertion: JsonAssertion,
  body: { json: unknown } | null,
  response: AssertedResponse,
): string | undefined {
  const { path } = assertion;
  if (!body) {
    const cut = response.truncated ? ` (only its first ${formatBytes(response.maxBodyBytes)} was read)` : '';
    return `${path}: the body is not JSON${cut}.`;
  }
  const parsed = parsePath(path);
  // Paths are validated when saved; a stored one that no longer parses is reported, not thrown.
  if (!parsed.ok) return `${path}: ${parsed.error}`;
  const resolved = resolvePath(body.json, parsed.steps);
  const expectation = expectationOf(path, assertion);
  if (!resolved.found) {
    return assertion.operator === 'exists'
      ? `${expectation}, but it is missing.`
      : `${expectation}, but ${path} is missing.`;
  }
  return holds(assertion, resolved.value) ? undefined : `${expectation}, got ${show(resolved.value)}.`;
}

function judgeHeader(assertion: HeaderAssertion, headers: IncomingHttpHeaders): string | undefined {
  const name = assertion.name.toLowerCase();
  const raw = headers[name];
  const expectation = expectationOf(`header ${assertion.name}`, assertion);
  if (raw === undefined) return `${expectation}, but the response has no ${assertion.name} header.`;
  // Repeated headers (Set-Cookie) are compared as one comma-separated value.
  const actual = Array.isArray(raw) ? raw.join(', ') : raw;
  const compared = assertion.operator === '<' || assertion.operator === '>' ? numberOf(actual) : actual;
  return holds(assertion, compared) ? undefined : `${expectation}, got ${show(actual)}.`;
}

function expectationOf(subject: string, assertion: HttpAssertion): string {
  return assertion.operator === 'exists'
    ? `Expected ${subject} to exist`
    : `Expected ${subject} ${assertion.operator} ${show(assertion.value)}`;
}

/** The operator applied to a found value; values compare typed (1 and "1" differ). */
function holds(assertion: HttpAssertion, actual: unknown): boolean {
  const expected = assertion.value as Scalar;
  switch (assertion.operator) {
    case 'exists':
      return true;
    case '==':
      return actual === expected;
    case '!=':
      return actual !== expected;
    case '<':
      return typeof actual === 'number' && typeof expected === 'number' && actual < expected;
    case '>':
      return typeof actual === 'number' && typeof expected === 'number' && actual > expected;
    case 'contains':
      return contains(actual, expected);
  }
}

/** Text contains text; an array contains an equal element; an object contains a key. */
function contains(actual: unknown, expected: Scalar): boolean {
  if (typeof actual === 'string') return typeof expected === 'string' && actual.includes(expected);
  if (Array.isArray(actual)) return actual.some((element) => element === expected);
  if (typeof actual === 'object' && actual !== null) {
    return typeof expected === 'string' && Object.hasOwn(actual, expected);
  }
  return false;
}

function parseJson(text: string): { json: unknown } | null {
  try {
    // A byte-order mark is common in front of JSON from Windows servers, and JSON.parse refuses it.
    return { json: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) };
  } catch {
    return null;
  }
}

function numberOf(text: string): number | string {
  const number = text.trim() === '' ? Number.NaN : Number(text);
  return Number.isFinite(number) ? number : text;
}

/** A value as JSON, cut to a readable length: "ok", 3, null, ["a","b"]. */
function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text;
}

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MiB` : `${Math.round(bytes / 1024)} KiB`;
}
