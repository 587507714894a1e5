import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../platform/db/schema.ts';
import type { Caller } from '../platform/http/caller.ts';
import { diffFields } from './fields.ts';
import { type EntryPlan, prune, reconcile, type Section } from './reconcile.ts';

interface Entry {
  name: string;
  size: number;
}

interface Stored {
  id: string;
  key: string;
  managed: boolean;
  entry: Entry;
}

const caller: Caller = {
  workspaceId: 'workspace-1',
  actorId: 'user-1',
  actorName: 'Test',
  apiKeyId: null,
  address: null,
};

/** A section over a list in memory; every step it takes, and every key written, goes in `journal`. */
function sectionOver(stored: Stored[], failOn?: string) {
  const journal: string[] = [];
  // The key is the one write the loop makes itself: it is journalled from the query it sends.
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new SqliteIntrospector(kysely),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
    log: (event) => {
      const [key, id, workspaceId] = event.query.parameters;
      journal.push(`mark ${id} as ${key} in ${workspaceId}`);
    },
  });
  let created = 0;
  const section: Section<Entry, Stored, EntryPlan> = {
    table: 'monitors',
    resource: 'monitor',
    stored,
    plan(key, entry, current) {
      journal.push(`plan ${key}`);
      if (key === failOn) throw new Error(`${key} cannot apply`);
      return { fields: diffFields(current ? { ...current.entry } : null, { ...entry }) };
    },
    async create(key, _entry, { fields }) {
      journal.push(`create ${key}: ${fields.map((change) => change.field).join()}`);
      created += 1;
      return `new-${created}`;
    },
    async update(current, _entry, { fields }) {
      journal.push(`update ${current.id}: ${fields.map((change) => change.field).join()}`);
    },
    async delete(id) {
      journal.push(`delete ${id}`);
    },
  };
  return { db, section, journal };
}

describe('reconcile', () => {
  it("creates what is not stored, one entry at a time in the file's order, each under its key", async () => {
    const { db, section, journal } = sectionOver([]);
    const result = await reconcile(db, caller, section, {
      beta: { name: 'Beta', size: 1 },
      alpha: { name: 'Alpha', size: 2 },
    });
    expect(journal).toEqual([
      'plan beta',
      'create beta: name,size',
      'mark new-1 as beta in workspace-1',
      'plan alpha',
      'create alpha: name,size',
      'mark new-2 as alpha in workspace-1',
    ]);
    expect(result.changes).toEqual([
      {
        action: 'create',
        resource: 'monitor',
        key: 'beta',
        name: 'Beta',
        fields: [
          { field: 'name', after: 'Beta' },
          { field: 'size', after: 1 },
        ],
      },
      {
        action: 'create',
        resource: 'monitor',
        key: 'alpha',
        name: 'Alpha',
        fields: [
          { field: 'name', after: 'Alpha' },
          { field: 'size', after: 2 },
        ],
      },
    ]);
    expect([...result.idsByKey]).toEqual([
      ['beta', 'new-1'],
      ['alpha', 'new-2'],
    ]);
  });

  it('updates only what differs and neither writes nor reports an unchanged entry', async () => {
    const { db, section, journal } = sectionOver([
      { id: 'm1', key: 'same', managed: true, entry: { name: 'Same', size: 1 } },
      { id: 'm2', key: 'grown', managed: true, entry: { name: 'Grown', size: 1 } },
    ]);
    const result = await reconcile(db, caller, section, {
      same: { name: 'Same', size: 1 },
      grown: { name: 'Grown', size: 3 },
    });
    expect(journal).toEqual(['plan same', 'plan grown', 'update m2: size']);
    expect(result.changes).toEqual([
      {
        action: 'update',
        resource: 'monitor',
        key: 'grown',
        name: 'Grown',
        fields: [{ field: 'size', before: 1, after: 3 }],
      },
    ]);
  });

  it('adopts entries made in the app: gives them the key after any update, and reports it', async () => {
    const { db, section, journal } = sectionOver([
      { id: 'u1', key: 'kept', managed: false, entry: { name: 'Kept', size: 1 } },
      { id: 'u2', key: 'moved', managed: false, entry: { name: 'Moved', size: 1 } },
    ]);
    const result = await reconcile(db, caller, section, {
      kept: { name: 'Kept', size: 1 },
      moved: { name: 'Moved', size: 2 },
    });
    expect(journal).toEqual([
      'plan kept',
      'mark u1 as kept in workspace-1',
      'plan moved',
      'update u2: size',
      'mark u2 as moved in workspace-1',
    ]);
    const managedKey = (key: string) => ({ field: 'managedKey', before: null, after: key });
    expect(result.changes).toEqual([
      { action: 'update', resource: 'monitor', key: 'kept', name: 'Kept', fields: [managedKey('kept')] },
      {
        action: 'update',
        resource: 'monitor',
        key: 'moved',
        name: 'Moved',
        fields: [{ field: 'size', before: 1, after: 2 }, managedKey('moved')],
      },
    ]);
  });

  it('answers the id of every stored entry, also those the file leaves out', async () => {
    const { db, section } = sectionOver([
      { id: 'm1', key: 'left-out', managed: true, entry: { name: 'Left out', size: 1 } },
    ]);
    const result = await reconcile(db, caller, section, { added: { name: 'Added', size: 1 } });
    expect([...result.idsByKey]).toEqual([
      ['left-out', 'm1'],
      ['added', 'new-1'],
    ]);
  });

  it('stops at the first entry that cannot apply, after the writes of those before it', async () => {
    const { db, section, journal } = sectionOver([], 'broken');
    await expect(
      reconcile(db, caller, section, {
        first: { name: 'First', size: 1 },
        broken: { name: 'Broken', size: 1 },
        last: { name: 'Last', size: 1 },
      }),
    ).rejects.toThrow('broken cannot apply');
    expect(journal).toEqual([
      'plan first',
      'create first: name,size',
      'mark new-1 as first in workspace-1',
      'plan broken',
    ]);
  });
});

describe('prune', () => {
  it('deletes the stored entries the file leaves out, in stored order, and reports each', async () => {
    const { section, journal } = sectionOver([
      { id: 'm1', key: 'zulu', managed: true, entry: { name: 'Zulu', size: 1 } },
      { id: 'm2', key: 'kept', managed: false, entry: { name: 'Kept', size: 1 } },
      { id: 'm3', key: 'alpha', managed: true, entry: { name: 'Alpha', size: 1 } },
    ]);
    const changes = await prune(section, { kept: { name: 'Kept', size: 1 } });
    expect(journal).toEqual(['delete m1', 'delete m3']);
    expect(changes).toEqual([
      { action: 'delete', resource: 'monitor', key: 'zulu', name: 'Zulu', fields: [] },
      { action: 'delete', resource: 'monitor', key: 'alpha', name: 'Alpha', fields: [] },
    ]);
  });

  it('deletes nothing when the file lists every stored entry', async () => {
    const { section, journal } = sectionOver([
      { id: 'm1', key: 'only', managed: true, entry: { name: 'Only', size: 1 } },
    ]);
    expect(await prune(section, { only: { name: 'Only', size: 2 } })).toEqual([]);
    expect(journal).toEqual([]);
  });
});
