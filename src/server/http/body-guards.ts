import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorBody } from './errors.ts';

export const MiB = 1024 * 1024;

export function limitBody(maxSize: number): MiddlewareHandler {
  return bodyLimit({
    maxSize,
    onError: (c) =>
      c.json(
        errorBody('payload_too_large', `The request body is larger than ${Math.round(maxSize / MiB)} MiB.`),
        413,
      ),
  });
}

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A malformed JSON body is the client's mistake: 400 here, before any handler can 500 on it. */
export const rejectMalformedJson: MiddlewareHandler = async (c, next) => {
  const type = c.req.header('content-type') ?? '';
  if (!METHODS_WITH_BODY.has(c.req.method) || !/^application\/([\w.+-]+\+)?json/i.test(type)) return next();
  const text = await c.req.text();
  if (text.trim() !== '') {
    try {
      JSON.parse(text);
    } catch {
      return c.json(errorBody('invalid_json', 'The request body is not valid JSON.'), 400);
    }
  }
  return next();
};
