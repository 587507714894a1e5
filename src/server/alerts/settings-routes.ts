// /api/v1 quiet-alerting settings: a monitor's dependencies, reminders and slow alerts, and the
// workspace's grouping window. Each handler parses, authorises, calls the service, responds.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Kysely } from 'kysely';
import {
  monitorAlertSettingsInputSchema,
  monitorAlertSettingsSchema,
  workspaceAlertSettingsSchema,
} from '../../core/api/alert-settings.ts';
import { errorSchema } from '../../core/api/errors.ts';
import { recordAudit } from '../audit/record.ts';
import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db/schema.ts';
import { type AppEnv, requireCaller, requireWorkspace } from '../platform/http/caller.ts';
import { body, json } from '../platform/http/openapi.ts';
import { readWorkspaceSettings, writeWorkspaceSettings } from '../workspaces/settings.ts';
import { getMonitorAlertSettings, updateMonitorAlertSettings } from './monitor-alert-settings.ts';

const tags = ['Alerts'];
const errors = {
  400: json(errorSchema, 'Invalid path (validation_failed)'),
  401: json(errorSchema, 'Not signed in'),
  404: json(errorSchema, 'monitor_not_found: no such monitor in this workspace (also for a dependency)'),
  422: json(errorSchema, 'validation_failed (the field named first) or dependency_cycle'),
};
const idParams = z.object({ id: z.string().min(1).max(64) });

const getMonitorSettings = createRoute({
  method: 'get',
  operationId: 'getMonitorAlertSettings',
  path: '/monitors/{id}/alert-settings',
  tags,
  summary: "A monitor's dependencies, reminders while down and slow alerts",
  request: { params: idParams },
  responses: { 200: json(monitorAlertSettingsSchema, 'The settings'), ...errors },
});
const patchMonitorSettings = createRoute({
  method: 'patch',
  operationId: 'updateMonitorAlertSettings',
  path: '/monitors/{id}/alert-settings',
  tags,
  summary: "Change a monitor's alert settings (fields left out stay as they are)",
  request: { params: idParams, ...body(monitorAlertSettingsInputSchema) },
  responses: { 200: json(monitorAlertSettingsSchema, 'The settings'), ...errors },
});
const getWorkspaceSettings = createRoute({
  method: 'get',
  operationId: 'getWorkspaceAlertSettings',
  path: '/workspace/alert-settings',
  tags,
  summary: "The workspace's alert grouping window",
  responses: { 200: json(workspaceAlertSettingsSchema, 'The settings'), ...errors },
});
const putWorkspaceSettings = createRoute({
  method: 'put',
  operationId: 'setWorkspaceAlertSettings',
  path: '/workspace/alert-settings',
  tags,
  summary: "Set the workspace's alert grouping window (0: every alert at once)",
  request: body(workspaceAlertSettingsSchema),
  responses: { 200: json(workspaceAlertSettingsSchema, 'The settings'), ...errors },
});

export function mountAlertSettingsRoutes(api: OpenAPIHono<AppEnv>, db: Kysely<Database>, clock: Clock): void {
  api.openapi(getMonitorSettings, async (c) =>
    c.json(await getMonitorAlertSettings(db, requireWorkspace(c).id, c.req.valid('param').id), 200),
  );
  api.openapi(patchMonitorSettings, async (c) =>
    c.json(
      await updateMonitorAlertSettings(
        db,
        requireCaller(c),
        clock.now(),
        c.req.valid('param').id,
        c.req.valid('json'),
      ),
      200,
    ),
  );
  api.openapi(getWorkspaceSettings, async (c) => {
    const settings = await readWorkspaceSettings(db, requireWorkspace(c).id);
    return c.json({ groupingSeconds: settings.alertGroupingSeconds }, 200);
  });
  api.openapi(putWorkspaceSettings, async (c) => {
    const caller = requireCaller(c);
    const { groupingSeconds } = c.req.valid('json');
    const workspace = await db
      .selectFrom('organization')
      .select('name')
      .where('id', '=', caller.workspaceId)
      .executeTakeFirstOrThrow();
    await db.transaction().execute(async (tx) => {
      await writeWorkspaceSettings(tx, caller.workspaceId, { alertGroupingSeconds: groupingSeconds });
      await recordAudit(tx, caller, clock.now(), {
        action: 'workspace.alert_settings',
        resource: { id: caller.workspaceId, name: workspace.name },
      });
    });
    return c.json({ groupingSeconds }, 200);
  });
}
