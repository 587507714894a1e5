// Internal notes on an incident: everyone who can work the incident reads them; only a note's
// author may change or delete it.
import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { IncidentNote, NoteInput } from '../../core/api/incidents.ts';
import { recordAudit } from '../audit/record.ts';
import type { Clock } from '../platform/clock.ts';
import type { IncidentNoteTable } from '../platform/db/incident-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Caller } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';
import type { IncidentGate } from './gate.ts';
import { getOwnedIncidentRow } from './repository.ts';
import { addIncidentEvent } from './timeline.ts';

function toNote(row: IncidentNoteTable & { author_name: string | null }): IncidentNote {
  return {
    id: row.id,
    text: row.text,
    author: row.author_id && row.author_name !== null ? { id: row.author_id, name: row.author_name } : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface NoteServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  requireManagement: IncidentGate;
}

export function createNoteService({ db, clock, requireManagement }: NoteServiceDeps) {
  function selectNotes(incidentId: string) {
    return db
      .selectFrom('incident_notes')
      .leftJoin('user', 'user.id', 'incident_notes.author_id')
      .selectAll('incident_notes')
      .select('user.name as author_name')
      .where('incident_notes.incident_id', '=', incidentId);
  }

  async function getNote(incidentId: string, noteId: string): Promise<IncidentNote> {
    const row = await selectNotes(incidentId).where('incident_notes.id', '=', noteId).executeTakeFirst();
    if (!row) throw new ApiError(404, 'note_not_found', 'No note with that id exists on this incident.');
    return toNote(row);
  }

  /** The note, and the incident's title for the audit log. */
  async function authoredNote(
    { workspaceId, actorId }: Caller,
    incidentId: string,
    noteId: string,
  ): Promise<{ note: IncidentNote; title: string }> {
    const incident = await getOwnedIncidentRow(db, workspaceId, incidentId);
    await requireManagement(workspaceId);
    const note = await getNote(incidentId, noteId);
    if (note.author?.id !== actorId) {
      throw new ApiError(403, 'not_note_author', 'Only the author of a note may change or delete it.');
    }
    return { note, title: incident.title };
  }

  return {
    /** Oldest first. */
    async list(workspaceId: string, incidentId: string): Promise<{ notes: IncidentNote[] }> {
      await getOwnedIncidentRow(db, workspaceId, incidentId);
      await requireManagement(workspaceId);
      const rows = await selectNotes(incidentId)
        .orderBy('incident_notes.created_at')
        .orderBy('incident_notes.id')
        .execute();
      return {
        notes: rows.map(toNote),
      };
    },

    async create(caller: Caller, incidentId: string, input: NoteInput): Promise<IncidentNote> {
      const { workspaceId, actorId } = caller;
      const incident = await getOwnedIncidentRow(db, workspaceId, incidentId);
      await requireManagement(workspaceId);
      const now = clock.now();
      const id = uuidv7();
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('incident_notes')
          .values({
            id,
            incident_id: incidentId,
            author_id: actorId,
            text: input.text,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await addIncidentEvent(tx, incidentId, now, 'note_added', 'Note added.', actorId);
        await recordAudit(tx, caller, now, {
          action: 'incident.note_create',
          resource: { id: incidentId, name: incident.title },
        });
      });
      return getNote(incidentId, id);
    },

    async update(
      caller: Caller,
      incidentId: string,
      noteId: string,
      input: NoteInput,
    ): Promise<IncidentNote> {
      const { title } = await authoredNote(caller, incidentId, noteId);
      const now = clock.now();
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('incident_notes')
          .set({ text: input.text, updated_at: now })
          .where('id', '=', noteId)
          .where('author_id', '=', caller.actorId)
          .execute();
        await addIncidentEvent(tx, incidentId, now, 'note_edited', 'Note edited.', caller.actorId);
        await recordAudit(tx, caller, now, {
          action: 'incident.note_update',
          resource: { id: incidentId, name: title },
        });
      });
      return getNote(incidentId, noteId);
    },

    async delete(caller: Caller, incidentId: string, noteId: string): Promise<void> {
      const { title } = await authoredNote(caller, incidentId, noteId);
      const now = clock.now();
      await db.transaction().execute(async (tx) => {
        await tx
          .deleteFrom('incident_notes')
          .where('id', '=', noteId)
          .where('author_id', '=', caller.actorId)
          .execute();
        await addIncidentEvent(tx, incidentId, now, 'note_deleted', 'Note deleted.', caller.actorId);
        await recordAudit(tx, caller, now, {
          action: 'incident.note_delete',
          resource: { id: incidentId, name: title },
        });
      });
    },
  };
}

export type NoteService = ReturnType<typeof createNoteService>;
