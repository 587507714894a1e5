// What a source's export becomes before Upwatch's own rules apply: monitors and channels as the
// fields the monitor and channel schemas take, plus what could not be carried over and why.
// Each source module (kuma.ts, uptimerobot.ts) only translates; the service validates and writes.
import type { z } from 'zod';
import type { MonitorKind } from '../../core/api/monitors.ts';
import { ApiError } from '../platform/http/errors.ts';
import { jsonInputProblem, MAX_JSON_DEPTH } from '../platform/http/json-input.ts';

export interface MonitorCandidate {
  name: string;
  /** The fields for monitorInputSchemas[kind], without an interval: the plan decides it. */
  input: { kind: MonitorKind } & Record<string, unknown>;
  /** How often the source checked it (or expected a push), in seconds. */
  everySeconds: number;
  /** The source's ids of the channels it alerted. */
  channelRefs: string[];
  notes: string[];
}

export interface ChannelCandidate {
  /** The source's id, which monitors refer to. */
  ref: string;
  name: string;
  /** The fields for channelInputSchema. */
  input: { kind: string; name: string; config: Record<string, unknown> };
  notes: string[];
}

export interface SkippedItem {
  type: 'monitor' | 'channel';
  name: string;
  reason: string;
  /** A skipped channel's source id, so the monitors that used it can say so. */
  ref?: string;
}

export interface Candidates {
  monitors: MonitorCandidate[];
  channels: ChannelCandidate[];
  skipped: SkippedItem[];
}

export function invalidFile(message: string): ApiError {
  return new ApiError(422, 'invalid_import_file', message);
}

/** The file as JSON, whether it came parsed or as the text that was saved. */
export function fileJson(file: string | Record<string, unknown>, label: string): unknown {
  if (typeof file !== 'string') return file;
  let parsed: unknown;
  try {
    parsed = JSON.parse(file);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw invalidFile(`This is not a ${label}: it is not JSON (${reason}).`);
  }
  // The body guard checked the request's JSON; text inside it is checked once parsed.
  const problem = jsonInputProblem(parsed);
  if (problem) throw new ApiError(400, problem.code, `The ${label}, ${problem.message}`);
  return parsed;
}

const UNSTORABLE = {
  invalid_text: 'The file holds text with the NUL character (U+0000), which cannot be stored.',
  too_deeply_nested: `The file nests a value deeper than ${MAX_JSON_DEPTH} levels.`,
};

/**
 * 400 when what the source gave holds U+0000 or nests past the bound (json-input.ts), whichever
 * way it came (a kuma.db's columns are not JSON the body guard saw): nothing is stored.
 */
export function storableCandidates(candidates: Candidates): Candidates {
  const problem = jsonInputProblem(candidates);
  if (problem) throw new ApiError(400, problem.code, UNSTORABLE[problem.code]);
  return candidates;
}

/** The file read by the source's format schema, or 422 naming the first field that is off. */
export function readFormat<T>(schema: z.ZodType<T>, json: unknown, label: string): T {
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
  throw invalidFile(`This is not a ${label}: ${issue?.message ?? 'unexpected shape'}${where}.`);
}

/** The Authorization header a basic-auth user and password become. */
export function basicAuthHeader(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/** 1/0, "1"/"0" and booleans, as exports spell flags. */
export function flag(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}
