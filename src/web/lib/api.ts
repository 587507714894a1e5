/**
 * The web's one request error. An answer from `/api/v1` (`{ error: { code, message } }`) or the
 * flat `{ message, code }` of `/api/billing` (Autumn's wire format) carries its HTTP status; the
 * billing client's failures with no answer (`fetch_failed`, the pricing table's) have none.
 * apiGet and apiSend throw it; the billing client resolves to it as `{data, error}`.
 */
export class RequestError extends Error {
  constructor(
    readonly status: number | undefined,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

async function readError(response: Response): Promise<RequestError> {
  const fallback = `Request failed with status ${response.status}.`;
  try {
    const body = (await response.json()) as {
      error?: { code?: string; message?: string };
      code?: string;
      message?: string;
    };
    const detail = body.error ?? body;
    return new RequestError(response.status, detail.code ?? 'unknown_error', detail.message ?? fallback);
  } catch {
    return new RequestError(response.status, 'unknown_error', fallback);
  }
}

export async function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(path, {
    credentials: 'include',
    headers: { accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw await readError(response);
  return (await response.json()) as T;
}

/** A write (POST, PUT, PATCH, DELETE); resolves to the JSON answer, or undefined for 204. */
export async function apiSend<T = undefined>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers:
      body === undefined
        ? { accept: 'application/json' }
        : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await readError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** Builds `path?key=value` from the defined, non-empty entries. */
export function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export function isClientError(error: unknown): boolean {
  return (
    error instanceof RequestError && error.status !== undefined && error.status >= 400 && error.status < 500
  );
}
