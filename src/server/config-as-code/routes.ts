// /api/v1/config: monitoring as code (issue 22). Apply takes the file as JSON (the CLI reads the
// YAML and fills in `${VAR}` secrets), export answers it, and the JSON Schema lets editors
// complete and check upwatch.yaml.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import {
  configApplyInputSchema,
  configApplyResultSchema,
  configFileSchema,
  configPlanInputSchema,
} from '../../core/api/config-file.ts';
import { errorSchema } from '../../core/api/errors.ts';
import { type AppEnv, requireCaller, requireWorkspace } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';
import { body, json } from '../platform/http/openapi.ts';
import type { ConfigService } from './service.ts';

const tags = ['Monitoring as code'];

const apply = createRoute({
  method: 'post',
  operationId: 'applyConfig',
  path: '/config/apply',
  tags,
  summary: 'Make the workspace match upwatch.yaml, all or nothing (dryRun: only report the changes)',
  request: body(configApplyInputSchema),
  responses: {
    200: json(
      configApplyResultSchema,
      'The changes, field by field; none when the workspace already matches',
    ),
    401: json(errorSchema, 'Not signed in'),
    403: json(
      errorSchema,
      'monitor_limit_reached, performance_site_limit_reached, interval_below_plan_minimum, frequency_not_in_plan or feature_not_in_plan: nothing was changed',
    ),
    422: json(
      errorSchema,
      'validation_failed or unknown_field (the field named first), kind_changed, unknown_channel, unknown_monitor, unresolved_variable, window_in_past or private_target: nothing was changed',
    ),
    409: json(
      errorSchema,
      'slug_taken or domain_taken: another status page has the slug or has verified the domain; nothing was changed',
    ),
  },
});
const plan = createRoute({
  method: 'post',
  operationId: 'planConfig',
  path: '/config/plan',
  tags,
  summary:
    'The changes applying upwatch.yaml would make, field by field; changes nothing (a viewer key may ask)',
  request: body(configPlanInputSchema),
  responses: {
    200: json(configApplyResultSchema, 'The changes; none when the workspace already matches'),
    401: json(errorSchema, 'Not signed in'),
    403: json(
      errorSchema,
      'What apply would refuse: monitor_limit_reached, performance_site_limit_reached, interval_below_plan_minimum, frequency_not_in_plan or feature_not_in_plan',
    ),
    422: json(errorSchema, 'What apply would refuse: validation_failed, unknown_field, unknown_channel, …'),
    409: json(errorSchema, 'slug_taken or domain_taken (a domain another page verified)'),
  },
});
const exportRoute = createRoute({
  method: 'get',
  operationId: 'exportConfig',
  path: '/config/export',
  tags,
  summary: 'The workspace as upwatch.yaml (as JSON), each secret an environment variable reference',
  responses: { 200: json(configFileSchema, 'The file'), 401: json(errorSchema, 'Not signed in') },
});
const schemaRoute = createRoute({
  method: 'get',
  operationId: 'getConfigSchema',
  path: '/config/schema.json',
  tags,
  summary: 'The JSON Schema of upwatch.yaml, for editors',
  responses: { 200: json(z.record(z.string(), z.unknown()), 'A JSON Schema (draft 2020-12)') },
});

/** The file's JSON Schema: what it accepts, so defaults are suggestions, not requirements. */
export function configJsonSchema(publicUrl: string): Record<string, unknown> {
  return {
    ...z.toJSONSchema(configFileSchema, { io: 'input', unrepresentable: 'any' }),
    $id: `${publicUrl}/api/v1/config/schema.json`,
  };
}

/** A `${VAR}` left in the body: the CLI fills these in, so one here was never set. */
function unresolvedVariable(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') {
    const found = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/.exec(value);
    return found
      ? `${path.join('.')}: \${${found[1]}} was not filled in; set ${found[1]} where the CLI runs.`
      : null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = unresolvedVariable(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

function refuseUnresolved(config: unknown): void {
  const unresolved = unresolvedVariable(config, ['config']);
  if (unresolved) throw new ApiError(422, 'unresolved_variable', unresolved);
}

export function mountConfigRoutes(api: OpenAPIHono<AppEnv>, service: ConfigService, publicUrl: string): void {
  const schema = configJsonSchema(publicUrl);
  api.openapi(apply, async (c) => {
    const input = c.req.valid('json');
    refuseUnresolved(input.config);
    return c.json(await service.apply(requireCaller(c), input), 200);
  });
  api.openapi(plan, async (c) => {
    const input = c.req.valid('json');
    refuseUnresolved(input.config);
    return c.json(await service.apply(requireCaller(c), { ...input, dryRun: true }), 200);
  });
  api.openapi(exportRoute, async (c) => c.json(await service.export(requireWorkspace(c).id), 200));
  api.openapi(schemaRoute, (c) => c.json(schema, 200));
}
