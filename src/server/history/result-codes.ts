// How a stored check result spells its status and flags as small integers (migration 0022):
// the commonest values are 0 and 1, which SQLite stores in no bytes at all.
import { createHash } from 'node:crypto';
import type { CheckStatus } from '../platform/db/schema.ts';

const STATUSES: readonly CheckStatus[] = ['up', 'down', 'degraded'];

export function statusCode(status: CheckStatus): number {
  return STATUSES.indexOf(status);
}

export function statusOf(code: number): CheckStatus {
  const status = STATUSES[code];
  if (!status) throw new Error(`Unknown stored check status ${code}`);
  return status;
}

/** The run was the confirming re-check of a failure. */
export const FLAG_CONFIRMATION = 1;
/** A deployment's trigger_checks brought the run forward. */
export const FLAG_DEPLOYMENT = 2;

/** The run fell inside a maintenance window: kept, but out of uptime, incidents and alerts. */
export const FLAG_MAINTENANCE = 4;

export function flagsOf(
  confirmation: boolean,
  reason: string | null | undefined,
  maintenance = false,
): number {
  return (
    (confirmation ? FLAG_CONFIRMATION : 0) |
    (reason === 'deployment' ? FLAG_DEPLOYMENT : 0) |
    (maintenance ? FLAG_MAINTENANCE : 0)
  );
}

/** The dictionary key of a failure: messages can be long, and PostgreSQL bounds a B-tree entry. */
export function failureDigest(code: string, message: string): string {
  return createHash('sha256').update(`${code}\n${message}`).digest('base64url');
}
