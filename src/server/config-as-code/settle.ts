// The steps every section of the file ends with: a resource the apply created, changed or
// adopted is marked as the file's and reported; with --prune, what the section leaves out goes.
import type { Kysely } from 'kysely';
import type { ConfigChange, FieldChange } from '../../core/api/config-file.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Caller } from '../platform/http/caller.ts';

type ManagedTable =
  | 'alert_channels'
  | 'monitors'
  | 'status_pages'
  | 'maintenance_windows'
  | 'escalation_policies';

export interface Settled {
  table: ManagedTable;
  resource: ConfigChange['resource'];
  key: string;
  name: string;
  id: string;
  /** The stored resource before this apply; null when the apply created it. */
  current: { managed: boolean } | null;
  fields: FieldChange[];
}

/**
 * Gives a resource made in the app (or just created) the file's key, once, and adds its change
 * to `changes` when anything about it changed.
 */
export async function settle(
  db: Kysely<Database>,
  caller: Caller,
  { table, resource, key, name, id, current, fields }: Settled,
  changes: ConfigChange[],
): Promise<void> {
  if (!current?.managed) {
    await db
      .updateTable(table)
      .set({ managed_key: key })
      .where('id', '=', id)
      .where('user_id', '=', caller.workspaceId)
      .execute();
    if (current) fields.push({ field: 'managedKey', before: null, after: key });
  }
  if (fields.length > 0) {
    changes.push({ action: current ? 'update' : 'create', resource, key, name, fields });
  }
}

/** --prune: deletes the stored resources whose keys the section leaves out, and reports them. */
export async function pruneSection(
  resource: ConfigChange['resource'],
  stored: readonly { id: string; key: string; entry: { name: string } }[],
  wanted: Record<string, unknown>,
  remove: (id: string) => Promise<unknown>,
): Promise<ConfigChange[]> {
  const gone = stored.filter((item) => !(item.key in wanted));
  for (const item of gone) await remove(item.id);
  return gone.map((item) => ({
    action: 'delete',
    resource,
    key: item.key,
    name: item.entry.name,
    fields: [],
  }));
}
