// Incident management routes (incident_management feature): create, acknowledge, change,
// post updates, related monitors and resolution. Each answers with the whole incident.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { errorSchema } from '../../core/api/errors.ts';
import {
  incidentInputSchema,
  incidentPatchSchema,
  incidentSchema,
  incidentUpdateInputSchema,
  relatedMonitorsInputSchema,
  resolutionInputSchema,
} from '../../core/api/incidents.ts';
import { type AppEnv, requireCaller } from '../platform/http/caller.ts';
import { body, gated, idParams, json, tags } from './openapi.ts';
import type { IncidentService } from './service.ts';

const incident = json(incidentSchema, 'The incident');
const conflict = (codes: string) => ({ 409: json(errorSchema, codes) });

const create = createRoute({
  method: 'post',
  operationId: 'createIncident',
  path: '/incidents',
  tags,
  summary: 'Open a manual incident',
  request: body(incidentInputSchema),
  responses: { 201: json(incidentSchema, 'The new incident'), ...gated },
});
const acknowledge = createRoute({
  method: 'post',
  operationId: 'acknowledgeIncident',
  path: '/incidents/{id}/acknowledge',
  tags,
  summary: 'Acknowledge an incident (again: no change)',
  request: { params: idParams },
  responses: { 200: incident, ...gated, ...conflict('incident_resolved') },
});
const update = createRoute({
  method: 'patch',
  operationId: 'updateIncident',
  path: '/incidents/{id}',
  tags,
  summary: 'Change the status, severity or title',
  description:
    'Resolving sets resolvedAt; resolving an automatic incident by hand stands in for its Recovered alert.',
  request: { params: idParams, ...body(incidentPatchSchema) },
  responses: { 200: incident, ...gated, ...conflict('incident_already_open: reopening is refused') },
});
const postUpdate = createRoute({
  method: 'post',
  operationId: 'createIncidentUpdate',
  path: '/incidents/{id}/updates',
  tags,
  summary: 'Post a public update',
  request: { params: idParams, ...body(incidentUpdateInputSchema) },
  responses: { 201: incident, ...gated, ...conflict('incident_already_open: reopening is refused') },
});
const setMonitors = createRoute({
  method: 'put',
  operationId: 'setIncidentMonitors',
  path: '/incidents/{id}/monitors',
  tags,
  summary: 'Set the related monitors',
  request: { params: idParams, ...body(relatedMonitorsInputSchema) },
  responses: { 200: incident, ...gated },
});
const setResolution = createRoute({
  method: 'put',
  operationId: 'setIncidentResolution',
  path: '/incidents/{id}/resolution',
  tags,
  summary: 'Write the resolution: root cause, summary, follow-ups',
  request: { params: idParams, ...body(resolutionInputSchema) },
  responses: { 200: incident, ...gated },
});

export function mountManagementRoutes(api: OpenAPIHono<AppEnv>, incidents: IncidentService): void {
  api.openapi(create, async (c) =>
    c.json(await incidents.create(requireCaller(c), c.req.valid('json')), 201),
  );
  api.openapi(acknowledge, async (c) =>
    c.json(await incidents.acknowledge(requireCaller(c), c.req.valid('param').id), 200),
  );
  api.openapi(update, async (c) =>
    c.json(await incidents.update(requireCaller(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );
  api.openapi(postUpdate, async (c) =>
    c.json(await incidents.postUpdate(requireCaller(c), c.req.valid('param').id, c.req.valid('json')), 201),
  );
  api.openapi(setMonitors, async (c) =>
    c.json(await incidents.setMonitors(requireCaller(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );
  api.openapi(setResolution, async (c) =>
    c.json(
      await incidents.setResolution(requireCaller(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  );
}
