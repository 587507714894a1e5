// Every write route of the app, as it is registered (issue 40, item 8): each PATCH, PUT and POST
// is sent (a) no body and no Content-Type, (b) a JSON body with U+0000 in every string field, as
// an owner with a valid session. None may answer 5xx; an answer that is not 2xx carries a code and
// a message; a documented required body is a 4xx when absent; a NUL body is a 4xx and changes no
// table. A route added later is swept without touching this file. Runs on SQLite and (pg suite)
// PostgreSQL, whose text cannot hold U+0000.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/schema.ts';
import { createUser } from '../../test/factories.ts';
import { type OpenApiDocument, requestBodyOf, sampleBody } from '../../test/sample-body.ts';
import { createUserApp } from '../../test/user-app.ts';

type App = Awaited<ReturnType<typeof createUserApp>>;
interface SweptRoute {
  method: string;
  path: string;
  url: string;
  /** better-auth's routes, under its catch-all: each is sent as a fresh user. */
  auth: boolean;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);
// Path parameters by name; any other is an id that matches nothing (a 404 is an answer too).
const PARAMS: Record<string, string> = { source: 'kuma', provider: 'github' };
const UNKNOWN_ID = '01900000-0000-7000-8000-000000000000';

function concrete(path: string): string {
  return path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => PARAMS[name] ?? UNKNOWN_ID);
}

/** The app's own write routes, and better-auth's behind its `/api/auth/*` catch-all. */
function writeRoutes(app: App): SweptRoute[] {
  const seen = new Set<string>();
  const routes: SweptRoute[] = [];
  const add = (method: string, path: string, auth: boolean) => {
    const key = `${method} ${path}`;
    if (seen.has(key)) return;
    seen.add(key);
    routes.push({ method, path, url: concrete(path), auth });
  };
  for (const route of app.t.app.routes) {
    if (!WRITE_METHODS.has(route.method)) continue;
    if (route.path === '/api/auth/*') continue;
    add(route.method, route.path, false);
  }
  const endpoints = Object.values(
    app.t.auth.api as Record<string, { path?: string; options?: { method?: unknown } }>,
  );
  for (const endpoint of endpoints) {
    const methods = [endpoint.options?.method].flat();
    if (endpoint.path && methods.includes('POST')) add('POST', `/api/auth${endpoint.path}`, true);
  }
  return routes;
}

async function rowCounts(database: Kysely<Database>): Promise<Record<string, number>> {
  // Every table, by the names the schema holds today: a new table is counted too.
  const db = database as unknown as Kysely<Record<string, object>>;
  const counts: Record<string, number> = {};
  for (const table of await db.introspection.getTables()) {
    const row = await db
      .selectFrom(table.name)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table.name] = Number(row.n);
  }
  return counts;
}

/** The error's code and message, in /api/v1's shape or billing's flat one; null for a page. */
async function errorOf(response: Response): Promise<{ code?: unknown; message?: unknown } | null> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return null;
  const body = (await response.json()) as { error?: { code?: unknown; message?: unknown }; code?: unknown };
  return body.error ?? body;
}

let app: App;
let routes: SweptRoute[];
let document: OpenApiDocument;

beforeAll(async () => {
  app = await createUserApp(Date.UTC(2026, 0, 5, 12));
  routes = writeRoutes(app);
  document = (await (await app.t.request('/api/v1/openapi.json')).json()) as OpenApiDocument;
});
afterAll(async () => {
  await app.t.close();
});

async function sweep(send: (route: SweptRoute, cookie: string) => Promise<string | null>) {
  const owner = await app.user('pro');
  const problems: string[] = [];
  for (const route of routes) {
    const cookie = route.auth ? (await createUser(app.t.auth)).cookie : owner.cookie;
    const problem = await send(route, cookie);
    if (problem) problems.push(`${route.method} ${route.path}: ${problem}`);
  }
  return problems;
}

describe('the write-route sweep', () => {
  it('covers every registered write route, POST /api/v1/deployments and better-auth’s among them', async ({
    annotate,
  }) => {
    const names = routes.map((route) => `${route.method} ${route.path}`);
    await annotate(`${names.length} routes: ${names.join(', ')}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/v1/deployments',
        'PATCH /api/v1/monitors/:id',
        'POST /api/v1/imports/:source',
        'POST /status/:slug/subscribe',
        'POST /api/auth/sign-in/email',
      ]),
    );
    expect(names.length).toBeGreaterThan(100);
  });

  it('answers a write with no body and no Content-Type with no 5xx, and a 4xx with a code where a body is required', async () => {
    const problems = await sweep(async (route, cookie) => {
      const response = await app.t.request(route.url, { method: route.method, headers: { cookie } });
      if (response.status >= 500) return `${response.status} ${await response.text()}`;
      const required = requestBodyOf(document, route.method, route.path)?.required === true;
      if (required && response.status < 400) return `${response.status} for a required body`;
      if (response.status < 400) return null;
      const error = await errorOf(response);
      if (error && (typeof error.code !== 'string' || typeof error.message !== 'string')) {
        return `${response.status} without a code and message`;
      }
      return null;
    });
    expect(problems).toEqual([]);
  });

  it('refuses U+0000 in every string field with a 4xx and a code, and stores nothing', async () => {
    const problems = await sweep(async (route, cookie) => {
      const body = JSON.stringify(sampleBody(document, route.method, route.path));
      const before = await rowCounts(app.t.database.db);
      const response = await app.t.request(route.url, {
        method: route.method,
        headers: { cookie, 'content-type': 'application/json' },
        body,
      });
      if (response.status >= 500) return `${response.status} ${await response.text()}`;
      // A body of enums and numbers only (digest settings) has no text to refuse.
      if (response.status < 400 && body.includes('\\u0000'))
        return `${response.status} ${await response.text()}`;
      if (response.status < 400) return null;
      const error = await errorOf(response);
      if (route.path.startsWith('/api/') && typeof error?.code !== 'string') return 'no error code';
      const after = await rowCounts(app.t.database.db);
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
      return changed.length > 0 ? `stored rows in ${changed.join(', ')}` : null;
    });
    expect(problems).toEqual([]);
  });
});
