// The wire rules of the billing client (BILLING.md §1): camelCase params go out as snake_case,
// except free-form maps; failures come back as flat `{message, code}` bodies, read into the web's
// RequestError (its status is undefined when no answer came).
import type { RequestError } from '../lib/api';

/** Keys whose values are the caller's own data and go out exactly as given. */
const UNTOUCHED = new Set(['properties', 'checkoutSessionParams']);

export function snakeCaseKey(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** Converts keys recursively; the values of `properties` and `checkoutSessionParams` are left alone. */
export function toSnakeCase(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toSnakeCase);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
      snakeCaseKey(key),
      UNTOUCHED.has(key) ? inner : toSnakeCase(inner),
    ]),
  );
}

/** Every billing call resolves to one of these; none throws for a server or network failure. */
export type BillingResult<T> =
  | { data: T; error: null; statusCode?: number }
  | { data: null; error: RequestError; statusCode?: number };

export function failure<T>(error: RequestError): BillingResult<T> {
  return { data: null, error, statusCode: error.status };
}

/** For TanStack Query: a result's data, or its error thrown. */
export function unwrap<T>(result: BillingResult<T>): T {
  if (result.error) throw result.error;
  return result.data as T;
}

export const LOG_TAG = '[billing]';
