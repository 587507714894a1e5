// What every incident route's OpenAPI declaration shares.
import { z } from '@hono/zod-openapi';
import { errorSchema } from '../../core/api/errors.ts';
import { lowestPlanWith } from '../../core/plans.ts';
import { json } from '../platform/http/openapi.ts';

export { body, json } from '../platform/http/openapi.ts';

export const tags = ['Incidents'];

export const errors = {
  400: json(errorSchema, 'Invalid query or path (validation_failed and others)'),
  422: json(errorSchema, 'validation_failed: a body field it cannot accept, named first'),
  401: json(errorSchema, 'Not signed in'),
  404: json(errorSchema, 'incident_not_found or monitor_not_found: not in your account'),
};

export const gated = {
  ...errors,
  403: json(
    errorSchema,
    `feature_not_in_plan: incident management needs the ${lowestPlanWith('incidentManagement').displayName} plan or higher`,
  ),
};

export const idParams = z.object({ id: z.string().min(1).max(64) });
