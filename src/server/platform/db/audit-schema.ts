// Row shape of the audit log (migration 0026).
import type { AuditAction, AuditResourceType } from '../../../core/api/audit.ts';

export interface AuditEventTable {
  id: string;
  workspace_id: string;
  at: number;
  /** The person who acted, or who made the API key that did. */
  actor_id: string;
  /** Their name when they acted. */
  actor_name: string;
  api_key_id: string | null;
  action: AuditAction;
  resource_type: AuditResourceType;
  resource_id: string | null;
  /** What the resource was called when it changed (a deleted monitor keeps its name here). */
  resource_name: string | null;
  /** The client's address, as the API saw it. */
  address: string | null;
}

export interface AuditTables {
  audit_events: AuditEventTable;
}
