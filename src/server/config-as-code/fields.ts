// Field-by-field differences between what a resource is and what the file says it should be.
import { isDeepStrictEqual } from 'node:util';
import type { FieldChange } from '../../core/api/config-file.ts';
import { ApiError } from '../platform/http/errors.ts';

/**
 * The fields `wanted` sets that differ from `current` (all of them when there is no current).
 * A field `wanted` leaves undefined is not managed by the file and never differs. Secret fields
 * are named without their values, so a plan never prints one.
 */
export function diffFields(
  current: Record<string, unknown> | null,
  wanted: Record<string, unknown>,
  secrets: ReadonlySet<string> = new Set(),
  prefix = '',
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const [field, after] of Object.entries(wanted)) {
    if (after === undefined) continue;
    const before = current?.[field];
    if (current && isDeepStrictEqual(before, after)) continue;
    const name = `${prefix}${field}`;
    if (secrets.has(field)) changes.push({ field: name, secret: true });
    else if (current) changes.push({ field: name, before: before ?? null, after });
    else changes.push({ field: name, after });
  }
  return changes;
}

/** A resource cannot turn into another kind in place: its history would no longer fit. */
export function kindChanged(section: string, key: string, from: string, to: string): ApiError {
  return new ApiError(
    422,
    'kind_changed',
    `${section}.${key}.kind: a resource's kind cannot change (${from} → ${to}); give it a new key to replace it.`,
  );
}
