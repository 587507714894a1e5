// Incident reads, open to every plan (the monitor's incident list excepted): each handler
// parses, authorises (session user), calls the service, responds.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import {
  INCIDENT_STATS_DAYS,
  incidentListQuerySchema,
  incidentListSchema,
  incidentSchema,
  incidentStatsSchema,
  incidentTimelineSchema,
} from '../../core/api/incidents.ts';
import { type AppEnv, requireWorkspace } from '../platform/http/caller.ts';
import { mountManagementRoutes } from './manage-routes.ts';
import { mountNoteRoutes } from './note-routes.ts';
import { errors, gated, idParams, json, tags } from './openapi.ts';
import type { IncidentService } from './service.ts';

const list = createRoute({
  method: 'get',
  operationId: 'listIncidents',
  path: '/incidents',
  tags,
  summary: 'List incidents, newest first',
  request: { query: incidentListQuerySchema },
  responses: { 200: json(incidentListSchema, 'A page of incidents'), ...errors },
});
const get = createRoute({
  method: 'get',
  operationId: 'getIncident',
  path: '/incidents/{id}',
  tags,
  summary: 'Get an incident with its monitors, latest update and resolution',
  request: { params: idParams },
  responses: { 200: json(incidentSchema, 'The incident'), ...errors },
});
const timeline = createRoute({
  method: 'get',
  operationId: 'getIncidentTimeline',
  path: '/incidents/{id}/timeline',
  tags,
  summary: "An incident's timeline",
  request: { params: idParams },
  responses: { 200: json(incidentTimelineSchema, 'The timeline'), ...errors },
});
const monitorIncidents = createRoute({
  method: 'get',
  operationId: 'listMonitorIncidents',
  path: '/monitors/{id}/incidents',
  tags,
  summary: "A monitor's incidents (incident management)",
  request: { params: idParams, query: incidentListQuerySchema.omit({ monitorId: true }) },
  responses: { 200: json(incidentListSchema, 'A page of incidents'), ...gated },
});
const stats = createRoute({
  method: 'get',
  operationId: 'getMonitorIncidentStats',
  path: '/monitors/{id}/incident-stats',
  tags,
  summary: "A monitor's downtime, incident count, MTTR and MTBF",
  request: { params: idParams, query: z.object({ days: z.enum(INCIDENT_STATS_DAYS).default('30') }) },
  responses: { 200: json(incidentStatsSchema, 'The figures'), ...errors },
});

export function mountIncidentRoutes(api: OpenAPIHono<AppEnv>, incidents: IncidentService): void {
  api.openapi(list, async (c) =>
    c.json(await incidents.list(requireWorkspace(c).id, c.req.valid('query')), 200),
  );
  api.openapi(get, async (c) =>
    c.json(await incidents.get(requireWorkspace(c).id, c.req.valid('param').id), 200),
  );
  api.openapi(timeline, async (c) =>
    c.json(await incidents.timeline(requireWorkspace(c).id, c.req.valid('param').id), 200),
  );
  api.openapi(monitorIncidents, async (c) =>
    c.json(
      await incidents.listForMonitor(requireWorkspace(c).id, c.req.valid('param').id, c.req.valid('query')),
      200,
    ),
  );
  api.openapi(stats, async (c) => {
    const days = Number(c.req.valid('query').days) === 90 ? 90 : 30;
    return c.json(await incidents.stats(requireWorkspace(c).id, c.req.valid('param').id, days), 200);
  });
  mountManagementRoutes(api, incidents);
  mountNoteRoutes(api, incidents.notes);
}
