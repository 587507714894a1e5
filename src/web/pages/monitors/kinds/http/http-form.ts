// The http kind's form state and its payload.
import type { HTTP_METHODS, MonitorOf } from '../../../../../core/api/monitors';
import { DEFAULT_EXPECTED_STATUS } from '../../../../../core/status-codes';
import { type AssertionRow, assertionRowsOf, assertionsPayload } from './assertions-editor';

export type HttpMethod = (typeof HTTP_METHODS)[number];
export type KeywordMode = 'off' | 'contains' | 'not_contains';

export interface HeaderRow {
  id: number;
  name: string;
  value: string;
}

export interface HttpFormState {
  url: string;
  method: HttpMethod;
  headers: HeaderRow[];
  body: string;
  expectedStatus: string;
  keywordMode: KeywordMode;
  keywordValue: string;
  followRedirects: boolean;
  ignoreTlsErrors: boolean;
  assertions: AssertionRow[];
}

/** Methods whose requests carry the body field. */
export const BODY_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function emptyHttpState(): HttpFormState {
  return {
    url: '',
    method: 'GET',
    headers: [],
    body: '',
    expectedStatus: DEFAULT_EXPECTED_STATUS,
    keywordMode: 'off',
    keywordValue: '',
    followRedirects: true,
    ignoreTlsErrors: false,
    assertions: [],
  };
}

export function httpStateFromMonitor(monitor: MonitorOf<'http'>): HttpFormState {
  return {
    url: monitor.url,
    method: monitor.method,
    headers: Object.entries(monitor.headers).map(([name, value], id) => ({ id, name, value })),
    body: monitor.body ?? '',
    expectedStatus: monitor.expectedStatus,
    keywordMode: monitor.keyword?.mode ?? 'off',
    keywordValue: monitor.keyword?.value ?? '',
    followRedirects: monitor.followRedirects,
    ignoreTlsErrors: monitor.ignoreTlsErrors,
    assertions: assertionRowsOf(monitor.assertions),
  };
}

export function httpPayload(state: HttpFormState): Record<string, unknown> {
  // Rows left completely empty are the editor's spare lines, not headers.
  const headers = state.headers.filter((row) => row.name.trim() !== '' || row.value !== '');
  return {
    kind: 'http',
    url: state.url,
    method: state.method,
    headers: Object.fromEntries(headers.map((row) => [row.name.trim(), row.value])),
    body: BODY_METHODS.has(state.method) && state.body !== '' ? state.body : null,
    expectedStatus: state.expectedStatus,
    keyword: state.keywordMode === 'off' ? null : { mode: state.keywordMode, value: state.keywordValue },
    followRedirects: state.followRedirects,
    ignoreTlsErrors: state.ignoreTlsErrors,
    assertions: assertionsPayload(state.assertions),
  };
}

/** The keyword's two inputs answer to the API's one `keyword` field. */
export function httpErrorField(stateKey: string): string {
  return stateKey === 'keywordMode' || stateKey === 'keywordValue' ? 'keyword' : stateKey;
}
