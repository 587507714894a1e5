// /api/v1/incidents/{id}/notes: internal notes (incident management); only a note's author
// may change or delete it.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { errorSchema } from '../../core/api/errors.ts';
import { incidentNoteListSchema, incidentNoteSchema, noteInputSchema } from '../../core/api/incidents.ts';
import { type AppEnv, requireCaller, requireWorkspace } from '../platform/http/caller.ts';
import type { NoteService } from './notes.ts';
import { body, gated, idParams, json, tags } from './openapi.ts';

const noteParams = idParams.extend({ noteId: z.string().min(1).max(64) });
const authorOnly = {
  ...gated,
  403: json(errorSchema, 'feature_not_in_plan, or not_note_author: only the author may change it'),
};

const list = createRoute({
  method: 'get',
  operationId: 'listIncidentNotes',
  path: '/incidents/{id}/notes',
  tags,
  summary: "An incident's internal notes, oldest first",
  request: { params: idParams },
  responses: { 200: json(incidentNoteListSchema, 'The notes'), ...gated },
});
const create = createRoute({
  method: 'post',
  operationId: 'createIncidentNote',
  path: '/incidents/{id}/notes',
  tags,
  summary: 'Add an internal note',
  request: { params: idParams, ...body(noteInputSchema) },
  responses: { 201: json(incidentNoteSchema, 'The new note'), ...gated },
});
const update = createRoute({
  method: 'patch',
  operationId: 'updateIncidentNote',
  path: '/incidents/{id}/notes/{noteId}',
  tags,
  summary: 'Edit your note',
  request: { params: noteParams, ...body(noteInputSchema) },
  responses: { 200: json(incidentNoteSchema, 'The note'), ...authorOnly },
});
const remove = createRoute({
  method: 'delete',
  operationId: 'deleteIncidentNote',
  path: '/incidents/{id}/notes/{noteId}',
  tags,
  summary: 'Delete your note',
  request: { params: noteParams },
  responses: { 204: { description: 'Deleted' }, ...authorOnly },
});

export function mountNoteRoutes(api: OpenAPIHono<AppEnv>, notes: NoteService): void {
  api.openapi(list, async (c) =>
    c.json(await notes.list(requireWorkspace(c).id, c.req.valid('param').id), 200),
  );
  api.openapi(create, async (c) =>
    c.json(await notes.create(requireCaller(c), c.req.valid('param').id, c.req.valid('json')), 201),
  );
  api.openapi(update, async (c) => {
    const { id, noteId } = c.req.valid('param');
    return c.json(await notes.update(requireCaller(c), id, noteId, c.req.valid('json')), 200);
  });
  api.openapi(remove, async (c) => {
    const { id, noteId } = c.req.valid('param');
    await notes.delete(requireCaller(c), id, noteId);
    return c.body(null, 204);
  });
}
