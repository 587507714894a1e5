// Public updates on a maintenance window: list, post, delete. Each write reads the window in the
// workspace (404 otherwise) and records its audit event in its own transaction.
import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import {
  MAX_MAINTENANCE_UPDATES,
  type MaintenanceUpdate,
  type MaintenanceUpdateInput,
} from '../../core/api/maintenance-updates.ts';
import { recordAudit } from '../audit/record.ts';
import type { Clock } from '../platform/clock.ts';
import type { MaintenanceUpdateTable } from '../platform/db/maintenance-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Caller } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';
import { getOwnedWindowRow } from './repository.ts';

function toUpdate(row: MaintenanceUpdateTable): MaintenanceUpdate {
  return { id: row.id, windowId: row.window_id, message: row.message, createdAt: Number(row.created_at) };
}

export function createMaintenanceUpdates({ db, clock }: { db: Kysely<Database>; clock: Clock }) {
  return {
    async list(workspaceId: string, windowId: string): Promise<MaintenanceUpdate[]> {
      await getOwnedWindowRow(db, workspaceId, windowId);
      const rows = await db
        .selectFrom('maintenance_updates')
        .selectAll()
        .where('window_id', '=', windowId)
        .where('workspace_id', '=', workspaceId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toUpdate);
    },

    async post(caller: Caller, windowId: string, input: MaintenanceUpdateInput): Promise<MaintenanceUpdate> {
      const now = clock.now();
      const row: MaintenanceUpdateTable = {
        id: uuidv7(),
        workspace_id: caller.workspaceId,
        window_id: windowId,
        message: input.message,
        created_at: now,
      };
      await db.transaction().execute(async (tx) => {
        const window = await getOwnedWindowRow(tx, caller.workspaceId, windowId);
        const { posted } = await tx
          .selectFrom('maintenance_updates')
          .select((eb) => eb.fn.countAll<number>().as('posted'))
          .where('window_id', '=', windowId)
          .where('workspace_id', '=', caller.workspaceId)
          .executeTakeFirstOrThrow();
        if (Number(posted) >= MAX_MAINTENANCE_UPDATES) {
          throw new ApiError(
            409,
            'update_limit_reached',
            `A maintenance window keeps at most ${MAX_MAINTENANCE_UPDATES} public updates; delete one first.`,
          );
        }
        await tx.insertInto('maintenance_updates').values(row).execute();
        await recordAudit(tx, caller, now, {
          action: 'maintenance_window.post_update',
          resource: { id: windowId, name: window.name },
        });
      });
      return toUpdate(row);
    },

    async delete(caller: Caller, windowId: string, updateId: string): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const window = await getOwnedWindowRow(tx, caller.workspaceId, windowId);
        const deleted = await tx
          .deleteFrom('maintenance_updates')
          .where('id', '=', updateId)
          .where('window_id', '=', windowId)
          .where('workspace_id', '=', caller.workspaceId)
          .executeTakeFirst();
        if (Number(deleted.numDeletedRows) === 0) {
          throw new ApiError(
            404,
            'maintenance_update_not_found',
            'No update with that id exists on this maintenance window.',
          );
        }
        await recordAudit(tx, caller, clock.now(), {
          action: 'maintenance_window.delete_update',
          resource: { id: windowId, name: window.name },
        });
      });
    },
  };
}

export type MaintenanceUpdates = ReturnType<typeof createMaintenanceUpdates>;
