import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorBody } from './errors.ts';
import { type InputProblem, jsonInputProblem, NUL, nulText } from './json-input.ts';

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
const JSON_TYPE = /^application\/([\w.+-]+\+)?json/i;
const FORM_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)/i;

const refuse = (c: Context, problem: InputProblem) => c.json(errorBody(problem.code, problem.message), 400);

/**
 * A malformed JSON body is the client's mistake: 400 here, before any handler can 500 on it. So
 * is one nested past the depth bound or holding U+0000 (json-input.ts says why).
 */
export const rejectMalformedJson: MiddlewareHandler = async (c, next) => {
  if (!METHODS_WITH_BODY.has(c.req.method) || !JSON_TYPE.test(c.req.header('content-type') ?? '')) {
    return next();
  }
  const text = await c.req.text();
  if (text.trim() === '') return next();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return c.json(errorBody('invalid_json', 'The request body is not valid JSON.'), 400);
  }
  const problem = jsonInputProblem(parsed);
  return problem ? refuse(c, problem) : next();
};

/**
 * U+0000 in the URL (`%00` in a path or query), on every route: a slug, a search or a ping's run
 * id would otherwise reach PostgreSQL with it. A raw NUL cannot appear in a URL (it is always
 * percent-encoded), so `%00` is the only spelling.
 */
export const rejectNulInUrl: MiddlewareHandler = async (c, next) =>
  /%00/i.test(c.req.url) ? refuse(c, nulText('The address')) : next();

/** Where a form body is read as fields: pages' forms and better-auth. Other /api routes take JSON or raw bytes. */
const readsForms = (path: string) => !path.startsWith('/api/') || path.startsWith('/api/auth/');

const formLimit = limitBody(MiB);

/**
 * U+0000 in a form's fields (a status page's subscribe form, better-auth's forms): a webhook URL
 * with it was a 500 on PostgreSQL. The body is read here, within the app's 1 MiB, and handed on
 * as a fresh body, so the route's own limit and parser read it as sent.
 */
export const rejectNulInForm: MiddlewareHandler = async (c, next) => {
  const type = c.req.header('content-type') ?? '';
  if (!METHODS_WITH_BODY.has(c.req.method) || !FORM_TYPE.test(type) || !readsForms(c.req.path)) return next();
  return formLimit(c, async () => {
    const bytes = await c.req.arrayBuffer();
    const form = await c.req.parseBody({ all: true }).catch(() => null);
    for (const [name, value] of Object.entries(form ?? {})) {
      const values = Array.isArray(value) ? value : [value];
      if (name.includes(NUL) || values.some((v) => typeof v === 'string' && v.includes(NUL))) {
        c.res = refuse(c, nulText(name.replaceAll(NUL, '')));
        return;
      }
    }
    c.req.raw = new Request(c.req.raw, { body: bytes });
    await next();
  });
};
