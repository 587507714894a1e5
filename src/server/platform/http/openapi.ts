// The two shapes every route declaration repeats: a JSON response and a required JSON body.
import type { z } from '@hono/zod-openapi';

export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
