// Every /api/v1 route a script can call is in the OpenAPI document: the route table of the
// assembled app is walked and each method + path looked up in /api/v1/openapi.json.
import { afterEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Routes left out of the document on purpose, each with its reason. */
const UNDOCUMENTED: Record<string, string> = {
  'GET /openapi.json': 'the document itself',
  'GET /events': 'Server-Sent Events stream for the web app; OpenAPI has no way to describe it usefully',
};

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

/** `METHOD /path` of every /api/v1 handler, with Hono's `:id` written as OpenAPI's `{id}`. */
function registeredRoutes(routes: readonly { method: string; path: string }[]): string[] {
  const found = new Set<string>();
  for (const { method, path } of routes) {
    if (!path.startsWith('/api/v1/') || path.endsWith('*')) continue;
    const openApiPath = path.slice('/api/v1'.length).replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    found.add(`${method} ${openApiPath}`);
  }
  return [...found].sort();
}

it('documents every /api/v1 route in the OpenAPI document, with the bearer key scheme', async () => {
  t = await createTestApp();
  const doc = (await (await t.request('/api/v1/openapi.json')).json()) as {
    paths: Record<string, Record<string, unknown>>;
    components: { securitySchemes: Record<string, unknown> };
    security: Record<string, string[]>[];
  };
  const routes = registeredRoutes(t.app.routes);
  // The walk sees the app's routes (a broken walk would pass with nothing to check).
  expect(routes).toContain('GET /monitors');
  expect(routes).toContain('DELETE /api-keys/{id}');

  const missing = routes.filter((route) => {
    if (route in UNDOCUMENTED) return false;
    const [method = '', path = ''] = route.split(' ');
    return !doc.paths[path]?.[method.toLowerCase()];
  });
  expect(missing).toEqual([]);
  // An exclusion for a route that no longer exists is stale.
  expect(Object.keys(UNDOCUMENTED).filter((route) => !routes.includes(route))).toEqual([]);

  expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  expect(doc.security).toEqual([{ apiKey: [] }]);
});
