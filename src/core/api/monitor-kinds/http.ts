// The http kind's fields: what to request and what counts as an answer.
import { z } from 'zod';
import { DEFAULT_EXPECTED_STATUS, statusExpressionError } from '../../status-codes.ts';
import { httpUrlSchema } from '../http-url.ts';
import { assertionSchema, assertionsSchema, HEADER_NAME } from './http-assertions.ts';

export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const MAX_BODY_CHARS = 64 * 1024;

// Ranges and lists such as 200-299,301, parsed by the same code the check runner uses.
const statusExpression = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const error = statusExpressionError(value);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });

export const keywordSchema = z.object({
  mode: z.enum(['contains', 'not_contains']),
  value: z.string().min(1, 'Enter the text to look for.').max(1000),
});

export const httpFields = {
  url: httpUrlSchema,
  method: z.enum(HTTP_METHODS),
  headers: z
    .record(
      z.string().regex(HEADER_NAME, 'Header names may not contain spaces or separators.'),
      z.string().max(8192),
    )
    .refine((headers) => Object.keys(headers).length <= 50, 'At most 50 request headers.'),
  body: z.string().max(MAX_BODY_CHARS, 'Request bodies are limited to 64 KiB.').nullable(),
  expectedStatus: statusExpression,
  keyword: keywordSchema.nullable(),
  followRedirects: z.boolean(),
  ignoreTlsErrors: z.boolean(),
  assertions: assertionsSchema,
};

export const httpInputFields = {
  kind: z.literal('http').default('http'),
  url: httpFields.url,
  method: httpFields.method.default('GET'),
  headers: httpFields.headers.default({}),
  body: httpFields.body.default(null),
  expectedStatus: httpFields.expectedStatus.default(DEFAULT_EXPECTED_STATUS),
  keyword: httpFields.keyword.default(null),
  followRedirects: httpFields.followRedirects.default(true),
  ignoreTlsErrors: httpFields.ignoreTlsErrors.default(false),
  assertions: httpFields.assertions.default([]),
};

export const httpAnswerFields = {
  kind: z.literal('http'),
  url: z.string(),
  method: z.enum(HTTP_METHODS),
  headers: z.record(z.string(), z.string()),
  body: z.string().nullable(),
  expectedStatus: z.string(),
  keyword: keywordSchema.nullable(),
  followRedirects: z.boolean(),
  ignoreTlsErrors: z.boolean(),
  assertions: z.array(assertionSchema),
};
