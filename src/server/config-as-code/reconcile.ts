// The loop every section of the file runs: each entry is matched by key with what is stored, its
// changes planned, then created or updated and marked as the file's; with --prune, what the
// section leaves out goes. A section says only what differs: how it plans, writes and deletes.
import type { Kysely } from 'kysely';
import type { ConfigChange, FieldChange } from '../../core/api/config-file.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Caller } from '../platform/http/caller.ts';

type ManagedTable =
  | 'alert_channels'
  | 'monitors'
  | 'status_pages'
  | 'maintenance_windows'
  | 'escalation_policies'
  | 'performance_sites';

/** A resource as it is stored, under the key the file gives it (see keys.ts). */
export interface StoredEntry {
  id: string;
  key: string;
  /** Whether an apply has already given it its key. */
  managed: boolean;
  entry: { name: string };
}

/** What applying one entry takes: its field changes and whatever the writes need from planning. */
export interface EntryPlan {
  fields: FieldChange[];
}

export interface Section<Entry extends { name: string }, Stored extends StoredEntry, Plan extends EntryPlan> {
  table: ManagedTable;
  resource: ConfigChange['resource'];
  /** The section's stored resources, in the order a prune reports them. */
  stored: readonly Stored[];
  /** The entry's changes (every field when nothing is stored); throws when it cannot apply. */
  plan(key: string, entry: Entry, current: Stored | undefined): Plan | Promise<Plan>;
  /** Creates the entry's resource and answers its id. */
  create(key: string, entry: Entry, plan: Plan): Promise<string>;
  /** Writes the planned changes; called only when there are some. */
  update(current: Stored, entry: Entry, plan: Plan): Promise<void>;
  delete(id: string): Promise<unknown>;
}

export interface Reconciled {
  /** Each entry's change, in the file's order; unchanged entries have none. */
  changes: ConfigChange[];
  /** Every resource's id by key, stored or just created, for the sections that name them. */
  idsByKey: Map<string, string>;
}

/** Creates and updates the section's entries in the file's order, one at a time. */
export async function reconcile<
  Entry extends { name: string },
  Stored extends StoredEntry,
  Plan extends EntryPlan,
>(
  db: Kysely<Database>,
  caller: Caller,
  section: Section<Entry, Stored, Plan>,
  wanted: Record<string, Entry>,
): Promise<Reconciled> {
  const byKey = new Map(section.stored.map((item) => [item.key, item]));
  const idsByKey = new Map(section.stored.map((item) => [item.key, item.id]));
  const changes: ConfigChange[] = [];
  for (const [key, entry] of Object.entries(wanted)) {
    const current = byKey.get(key);
    const plan = await section.plan(key, entry, current);
    let id: string;
    if (!current) id = await section.create(key, entry, plan);
    else {
      id = current.id;
      if (plan.fields.length > 0) await section.update(current, entry, plan);
    }
    await settle(db, caller, section, { key, name: entry.name, id, current, fields: plan.fields }, changes);
    idsByKey.set(key, id);
  }
  return { changes, idsByKey };
}

/**
 * Gives a resource made in the app (or just created) the file's key, once, and adds its change
 * to `changes` when anything about it changed.
 */
async function settle(
  db: Kysely<Database>,
  caller: Caller,
  { table, resource }: { table: ManagedTable; resource: ConfigChange['resource'] },
  {
    key,
    name,
    id,
    current,
    fields,
  }: { key: string; name: string; id: string; current: StoredEntry | undefined; fields: FieldChange[] },
  changes: ConfigChange[],
): Promise<void> {
  if (!current?.managed) {
    await db
      .updateTable(table)
      .set({ managed_key: key })
      .where('id', '=', id)
      .where('workspace_id', '=', caller.workspaceId)
      .execute();
    if (current) fields.push({ field: 'managedKey', before: null, after: key });
  }
  if (fields.length > 0) {
    changes.push({ action: current ? 'update' : 'create', resource, key, name, fields });
  }
}

/** --prune: deletes the stored resources whose keys the section leaves out, and reports them. */
export async function prune<
  Entry extends { name: string },
  Stored extends StoredEntry,
  Plan extends EntryPlan,
>(section: Section<Entry, Stored, Plan>, wanted: Record<string, Entry>): Promise<ConfigChange[]> {
  const gone = section.stored.filter((item) => !(item.key in wanted));
  for (const item of gone) await section.delete(item.id);
  return gone.map((item) => ({
    action: 'delete',
    resource: section.resource,
    key: item.key,
    name: item.entry.name,
    fields: [],
  }));
}
