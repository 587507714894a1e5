import { uuidv7 } from 'uuidv7';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Incident, IncidentEvent, IncidentNote } from '../../core/api/incidents.ts';
import type { TestUser } from '../test/factories.ts';
import { type IncidentApi, incidentApi, START } from '../test/incident-api.ts';

const MINUTE = 60_000;
let api: IncidentApi;
beforeEach(async () => {
  api = await incidentApi();
});
afterEach(async () => {
  await api.t.close();
});

async function errorCode(response: Response, status: number): Promise<string> {
  return (await api.expectJson<{ error: { code: string } }>(response, status)).error.code;
}

async function incidentOf(user: TestUser): Promise<Incident> {
  return api.expectJson(await api.send(user, 'POST', '/incidents', { title: 'Checkout slow' }), 201);
}

async function addNote(user: TestUser, incidentId: string, text: string): Promise<IncidentNote> {
  return api.expectJson(await api.send(user, 'POST', `/incidents/${incidentId}/notes`, { text }), 201);
}

describe('incident notes', () => {
  it('adds, lists, edits and deletes a note, each on the timeline', async () => {
    const user = await api.user('starter');
    const { id } = await incidentOf(user);
    const note = await addNote(user, id, 'Disk at 98 %.');
    expect(note).toMatchObject({
      text: 'Disk at 98 %.',
      author: { id: user.id, name: user.name },
      createdAt: START,
    });
    await addNote(user, id, 'Cleared old logs.');
    api.clock.advance(MINUTE);
    const edited = await api.expectJson<IncidentNote>(
      await api.send(user, 'PATCH', `/incidents/${id}/notes/${note.id}`, { text: 'Disk at 99 %.' }),
      200,
    );
    expect(edited).toMatchObject({ text: 'Disk at 99 %.', createdAt: START, updatedAt: START + MINUTE });
    const list = await api.expectJson<{ notes: IncidentNote[] }>(
      await api.send(user, 'GET', `/incidents/${id}/notes`),
      200,
    );
    expect(list.notes.map((n) => n.text)).toEqual(['Disk at 99 %.', 'Cleared old logs.']);
    const deleted = await api.send(user, 'DELETE', `/incidents/${id}/notes/${note.id}`);
    expect(deleted.status).toBe(204);
    const after = await api.expectJson<{ notes: IncidentNote[] }>(
      await api.send(user, 'GET', `/incidents/${id}/notes`),
      200,
    );
    expect(after.notes.map((n) => n.text)).toEqual(['Cleared old logs.']);
    const events = await api.expectJson<{ events: IncidentEvent[] }>(
      await api.send(user, 'GET', `/incidents/${id}/timeline`),
      200,
    );
    expect(events.events.map((event) => [event.kind, event.actor?.id])).toEqual([
      ['detected', user.id],
      ['note_added', user.id],
      ['note_added', user.id],
      ['note_edited', user.id],
      ['note_deleted', user.id],
    ]);
  });

  it('takes 10,000 characters and refuses 10,001 or none', async () => {
    const user = await api.user('starter');
    const { id } = await incidentOf(user);
    await addNote(user, id, 'x'.repeat(10_000));
    const post = (text: string) => api.send(user, 'POST', `/incidents/${id}/notes`, { text });
    const tooLong = await api.expectJson<{ error: { code: string; message: string } }>(
      await post('x'.repeat(10_001)),
      422,
    );
    expect(tooLong.error).toEqual({
      code: 'validation_failed',
      message: 'text: A note is limited to 10,000 characters.',
    });
    expect(await errorCode(await post('   '), 422)).toBe('validation_failed');
  });

  it('lets only the author edit or delete a note', async () => {
    const user = await api.user('starter');
    const colleague = await api.user('starter');
    const { id } = await incidentOf(user);
    // Incidents belong to one account today; a note by someone else can only be written directly.
    const noteId = uuidv7();
    await api.t.database.db
      .insertInto('incident_notes')
      .values({
        id: noteId,
        incident_id: id,
        author_id: colleague.id,
        text: 'Theirs',
        created_at: START,
        updated_at: START,
      })
      .execute();
    const edit = await api.send(user, 'PATCH', `/incidents/${id}/notes/${noteId}`, { text: 'Mine' });
    expect(await errorCode(edit, 403)).toBe('not_note_author');
    const remove = await api.send(user, 'DELETE', `/incidents/${id}/notes/${noteId}`);
    expect(await errorCode(remove, 403)).toBe('not_note_author');
    const list = await api.expectJson<{ notes: IncidentNote[] }>(
      await api.send(user, 'GET', `/incidents/${id}/notes`),
      200,
    );
    expect(list.notes).toEqual([
      expect.objectContaining({
        id: noteId,
        text: 'Theirs',
        author: { id: colleague.id, name: colleague.name },
      }),
    ]);
  });

  it('answers note_not_found for a note of another incident', async () => {
    const user = await api.user('starter');
    const first = await incidentOf(user);
    const second = await incidentOf(user);
    const note = await addNote(user, first.id, 'Here');
    const response = await api.send(user, 'PATCH', `/incidents/${second.id}/notes/${note.id}`, {
      text: 'There',
    });
    expect(await errorCode(response, 404)).toBe('note_not_found');
  });

  it('refuses notes to a free user with feature_not_in_plan', async () => {
    const user = await api.user('free');
    const { id } = await api.automatic(user, (await api.monitor(user)).id);
    const calls: [string, string, unknown?][] = [
      ['GET', `/incidents/${id}/notes`],
      ['POST', `/incidents/${id}/notes`, { text: 'Hm' }],
      ['PATCH', `/incidents/${id}/notes/any`, { text: 'Hm' }],
      ['DELETE', `/incidents/${id}/notes/any`],
    ];
    for (const [method, path, body] of calls) {
      expect(await errorCode(await api.send(user, method, path, body), 403), `${method} ${path}`).toBe(
        'feature_not_in_plan',
      );
    }
  });

  it('hides notes from another user on every route', async () => {
    const owner = await api.user('starter');
    const other = await api.user('pro');
    const { id } = await incidentOf(owner);
    const note = await addNote(owner, id, 'Internal');
    const calls: [string, string, unknown?][] = [
      ['GET', `/incidents/${id}/notes`],
      ['POST', `/incidents/${id}/notes`, { text: 'Hi' }],
      ['PATCH', `/incidents/${id}/notes/${note.id}`, { text: 'Changed' }],
      ['DELETE', `/incidents/${id}/notes/${note.id}`],
    ];
    for (const [method, path, body] of calls) {
      expect(await errorCode(await api.send(other, method, path, body), 404), `${method} ${path}`).toBe(
        'incident_not_found',
      );
    }
    const list = await api.expectJson<{ notes: IncidentNote[] }>(
      await api.send(owner, 'GET', `/incidents/${id}/notes`),
      200,
    );
    expect(list.notes.map((n) => n.text)).toEqual(['Internal']);
  });
});
