// In a shared workspace, what a member does is recorded as theirs, not the owner's.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/factories.ts';
import { createUserApp } from '../test/user-app.ts';
import { joinWorkspace } from '../test/workspace-rows.ts';

const NOW = Date.UTC(2026, 10, 25, 9);
let app: Awaited<ReturnType<typeof createUserApp>>;
let owner: TestUser;
let grace: TestUser;
beforeEach(async () => {
  app = await createUserApp(NOW);
  owner = await app.user('pro');
  grace = await app.user('free');
  await joinWorkspace(app.t.database.db, app.t.database.dialect, owner.id, grace.id, 'member');
});
afterEach(async () => {
  await app.t.close();
});

describe('team actions', () => {
  it("records a member's incident, note and acknowledgement under their name", async () => {
    const incident = await app.json<{ id: string }>(
      await app.send(grace, 'POST', '/incidents', { title: 'Checkout slow', update: 'Looking into it.' }),
      201,
    );
    const note = await app.json<{ id: string; author: { id: string; name: string } }>(
      await app.send(grace, 'POST', `/incidents/${incident.id}/notes`, { text: 'Database CPU at 95 %.' }),
      201,
    );
    expect(note.author).toEqual({ id: grace.id, name: grace.name });
    // The owner sees it and may not edit a note that is Grace's.
    const edit = await app.send(owner, 'PATCH', `/incidents/${incident.id}/notes/${note.id}`, {
      text: 'Mine now',
    });
    expect(edit.status).toBe(403);

    const timeline = await app.json<{ events: { kind: string; actor: { name: string } | null }[] }>(
      await app.send(owner, 'GET', `/incidents/${incident.id}/timeline`),
      200,
    );
    const actors = Object.fromEntries(
      timeline.events.map((event) => [event.kind, event.actor?.name ?? null]),
    );
    expect(actors.detected).toBe(grace.name);
    expect(actors.note_added).toBe(grace.name);
    expect(actors.update_posted).toBe(grace.name);
  });

  it("keeps a member's note on the team's incident after they delete their account, as a former member's", async () => {
    const incident = await app.json<{ id: string }>(
      await app.send(owner, 'POST', '/incidents', { title: 'Checkout slow' }),
      201,
    );
    await app.json(
      await app.send(grace, 'POST', `/incidents/${incident.id}/notes`, { text: 'Rolled back v2.3.' }),
      201,
    );
    const ctx = await app.t.auth.$context;
    await ctx.internalAdapter.deleteUser(grace.id);
    const { notes } = await app.json<{ notes: { text: string; author: unknown }[] }>(
      await app.send(owner, 'GET', `/incidents/${incident.id}/notes`),
      200,
    );
    expect(notes).toEqual([expect.objectContaining({ text: 'Rolled back v2.3.', author: null })]);
  });
});
