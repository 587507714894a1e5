import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import type { Logger } from '../logger.ts';

export interface ErrorBody {
  error: { code: string; message: string };
}

export function errorBody(code: string, message: string): ErrorBody {
  return { error: { code, message } };
}

/** Thrown by services and routes; becomes `{error:{code,message}}` with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    /** Sent with the error, e.g. Retry-After on 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const CODES_BY_STATUS: Partial<Record<number, string>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

export const DATABASE_UNAVAILABLE_MESSAGE =
  'Upwatch cannot reach its database right now. Please try again in a few seconds.';

/**
 * The answer while the database is away (restarting, failing over): retry shortly. Not logged:
 * the database pool logs the outage once, and a line per request would bury it.
 */
function databaseUnavailable(c: Context) {
  return c.json(errorBody('database_unavailable', DATABASE_UNAVAILABLE_MESSAGE), 503, { 'Retry-After': '5' });
}

export function createErrorHandler(logger: Logger) {
  return (err: Error, c: Context) => {
    if (err instanceof ApiError) return c.json(errorBody(err.code, err.message), err.status, err.headers);
    if (err instanceof HTTPException && err.status < 500) {
      const code = CODES_BY_STATUS[err.status] ?? 'bad_request';
      return c.json(errorBody(code, err.message || 'The request could not be processed.'), err.status);
    }
    if (isDatabaseUnavailable(err)) return databaseUnavailable(c);
    logger.error({ err, path: c.req.path, method: c.req.method }, 'unhandled error');
    return c.json(errorBody('internal_error', 'Something went wrong on our side. Please try again.'), 500);
  };
}

export function apiNotFound(c: Context) {
  return c.json(errorBody('not_found', `No API route matches ${c.req.method} ${c.req.path}.`), 404);
}
