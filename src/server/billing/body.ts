// BILLING.md §1: the browser sends camelCase, the API speaks snake_case. Keys are converted
// recursively except inside free-form objects, and the client can never name the customer.
import type { Body } from './provider.ts';

const OPAQUE = new Set(['checkout_session_params', 'properties', 'metadata']);

const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

function convert(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(convert);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const name = snake(key);
    out[name] = OPAQUE.has(name) ? inner : convert(inner);
  }
  return out;
}

/** snake_case keys, without `customer_id`/`customer_data`: the session decides who this is. */
export function normaliseBody(raw: unknown): Body | Body[] {
  const converted = convert(raw ?? {});
  const strip = (body: unknown): Body => {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return {};
    const { customer_id: _id, customer_data: _data, ...rest } = body as Body;
    return rest;
  };
  return Array.isArray(converted) ? converted.map(strip) : strip(converted);
}
