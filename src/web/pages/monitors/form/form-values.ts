// The monitor form's state, its conversion to the API payload, and every error (zod's or the
// server's) mapped onto the field it is about. The zod schema is the same one the route uses,
// so the form shows the server's own messages before a request is made.
import {
  type HTTP_METHODS,
  type Monitor,
  type MonitorInput,
  monitorInputSchema,
} from '../../../../core/api/monitors';
import type { Plan } from '../../../../core/plans';
import { DEFAULT_EXPECTED_STATUS } from '../../../../core/status-codes';
import { ApiError } from '../../../lib/api';
import { issuesByField } from '../../../lib/form-issues';

export type HttpMethod = (typeof HTTP_METHODS)[number];
export type KeywordMode = 'off' | 'contains' | 'not_contains';

export interface HeaderRow {
  id: number;
  name: string;
  value: string;
}

export interface MonitorFormState {
  name: string;
  url: string;
  method: HttpMethod;
  headers: HeaderRow[];
  body: string;
  expectedStatus: string;
  keywordMode: KeywordMode;
  keywordValue: string;
  timeoutSeconds: string;
  followRedirects: boolean;
  ignoreTlsErrors: boolean;
  degradedAboveMs: string;
  intervalSeconds: number;
  /** Shown at /status/monitor/{id} and on its badges. */
  public: boolean;
}

export type FieldName =
  | 'name'
  | 'url'
  | 'method'
  | 'headers'
  | 'body'
  | 'expectedStatus'
  | 'keyword'
  | 'timeoutSeconds'
  | 'degradedAboveMs'
  | 'interval';
export type FieldErrors = Partial<Record<FieldName, string>>;

/** Fields inside the collapsed "Advanced" section: an error there opens it. */
export const ADVANCED_FIELDS: readonly FieldName[] = [
  'method',
  'headers',
  'body',
  'expectedStatus',
  'keyword',
  'timeoutSeconds',
  'degradedAboveMs',
];

/** Methods whose requests carry the body field. */
export const BODY_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The server's own default: every 5 minutes, or the plan's minimum when that is longer. */
export function defaultIntervalSeconds(plan: Plan): number {
  return Math.max(5, plan.limits.minCheckIntervalMinutes) * 60;
}

export function emptyFormState(plan: Plan): MonitorFormState {
  return {
    name: '',
    url: '',
    method: 'GET',
    headers: [],
    body: '',
    expectedStatus: DEFAULT_EXPECTED_STATUS,
    keywordMode: 'off',
    keywordValue: '',
    timeoutSeconds: '30',
    followRedirects: true,
    ignoreTlsErrors: false,
    degradedAboveMs: '',
    intervalSeconds: defaultIntervalSeconds(plan),
    public: false,
  };
}

export function formStateFromMonitor(monitor: Monitor): MonitorFormState {
  return {
    name: monitor.name,
    url: monitor.url,
    method: monitor.method,
    headers: Object.entries(monitor.headers).map(([name, value], id) => ({ id, name, value })),
    body: monitor.body ?? '',
    expectedStatus: monitor.expectedStatus,
    keywordMode: monitor.keyword?.mode ?? 'off',
    keywordValue: monitor.keyword?.value ?? '',
    timeoutSeconds: String(monitor.timeoutSeconds),
    followRedirects: monitor.followRedirects,
    ignoreTlsErrors: monitor.ignoreTlsErrors,
    degradedAboveMs: monitor.degradedAboveMs === null ? '' : String(monitor.degradedAboveMs),
    intervalSeconds: monitor.intervalSeconds,
    public: monitor.public,
  };
}

function payloadOf(state: MonitorFormState): Record<string, unknown> {
  // Rows left completely empty are the editor's spare lines, not headers.
  const headers = state.headers.filter((row) => row.name.trim() !== '' || row.value !== '');
  const interval =
    state.intervalSeconds % 60 === 0
      ? { intervalMinutes: state.intervalSeconds / 60 }
      : { intervalSeconds: state.intervalSeconds };
  return {
    name: state.name,
    url: state.url,
    method: state.method,
    headers: Object.fromEntries(headers.map((row) => [row.name.trim(), row.value])),
    body: BODY_METHODS.has(state.method) && state.body !== '' ? state.body : null,
    expectedStatus: state.expectedStatus,
    keyword: state.keywordMode === 'off' ? null : { mode: state.keywordMode, value: state.keywordValue },
    timeoutSeconds: Number(state.timeoutSeconds),
    followRedirects: state.followRedirects,
    ignoreTlsErrors: state.ignoreTlsErrors,
    degradedAboveMs: state.degradedAboveMs.trim() === '' ? null : Number(state.degradedAboveMs),
    public: state.public,
    ...interval,
  };
}

function fieldOf(key: PropertyKey | undefined): FieldName | null {
  if (key === 'intervalMinutes' || key === 'intervalSeconds') return 'interval';
  const known: readonly string[] = [...ADVANCED_FIELDS, 'name', 'url'];
  return typeof key === 'string' && known.includes(key) ? (key as FieldName) : null;
}

export type Validation =
  | { ok: true; values: MonitorInput }
  | { ok: false; errors: FieldErrors; form: string | null };

/** Validates with the API's schema; the first message per field is the one shown. */
export function validateForm(state: MonitorFormState): Validation {
  const result = monitorInputSchema.safeParse(payloadOf(state));
  if (result.success) return { ok: true, values: result.data };
  return { ok: false, ...issuesByField(result.error.issues, fieldOf) };
}

export interface SubmitFailure {
  fields: FieldErrors;
  /** A message about the whole form, when no field is to blame. */
  form: string | null;
  /** The plan's monitor limit: the form shows the compact Upgrade card. */
  limitReached: boolean;
}

/** Maps an error answer of POST/PATCH /api/v1/monitors onto the form. */
export function submitFailure(error: unknown): SubmitFailure {
  const none = { fields: {}, form: null, limitReached: false };
  if (!(error instanceof ApiError)) {
    return { ...none, form: 'Could not reach the server. Check your connection and try again.' };
  }
  switch (error.code) {
    case 'monitor_limit_reached':
      return { ...none, limitReached: true };
    case 'interval_below_plan_minimum':
    case 'interval_seconds_test_mode_only':
      return { ...none, fields: { interval: error.message } };
    case 'private_target':
      return { ...none, fields: { url: error.message } };
    case 'validation_failed': {
      // The API words these "path.to.field: message".
      const match = /^([\w.]+): (.*)$/s.exec(error.message);
      const field = fieldOf(match?.[1]?.split('.')[0]);
      if (match && field) return { ...none, fields: { [field]: match[2] } };
      return { ...none, form: error.message };
    }
    default:
      return { ...none, form: error.message };
  }
}
