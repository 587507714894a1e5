// Writes one audit event. Called inside the transaction of the change it records, so a change
// is never without its event and an event never outlives a change that rolled back.
import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { AuditAction, AuditResourceType } from '../../core/api/audit.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Caller } from '../platform/http/caller.ts';

export interface AuditEntry {
  action: AuditAction;
  resource: { id: string | null; name?: string | null };
}

function resourceType(action: AuditAction): AuditResourceType {
  return action.slice(0, action.indexOf('.')) as AuditResourceType;
}

export async function recordAudit(
  tx: Kysely<Database>,
  caller: Caller,
  at: number,
  { action, resource }: AuditEntry,
): Promise<void> {
  await tx
    .insertInto('audit_events')
    .values({
      id: uuidv7(),
      workspace_id: caller.workspaceId,
      at,
      actor_id: caller.actorId,
      actor_name: caller.actorName,
      api_key_id: caller.apiKeyId,
      action,
      resource_type: resourceType(action),
      resource_id: resource.id,
      resource_name: resource.name ?? null,
      address: caller.address,
    })
    .execute();
}
