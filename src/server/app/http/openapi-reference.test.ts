// The API Documentation tab reads the document this server generates: every operation is
// shown, and the curl examples it builds are requests the server accepts as they stand.
import { afterEach, expect, it } from 'vitest';
import {
  curlCommand,
  groupOperations,
  type OpenApiDocument,
  type Operation,
} from '../../../core/api/openapi-reference.ts';
import { createKeyApp, type KeyApp } from '../../api-keys/test/key-app.ts';
import { TEST_PUBLIC_URL } from '../../test/test-app.ts';

let k: KeyApp;
afterEach(async () => {
  await k?.t.close();
});

/** The URL and JSON body a curl command from the tab would send. */
function parseCurl(command: string) {
  const url = command.match(/curl -X \w+ "([^"]+)"/)?.[1] ?? '';
  const body = command.match(/-d '(.*)'$/m)?.[1];
  return { path: new URL(url).pathname, body };
}

it('lists every operation of the generated document once, grouped by tag', async () => {
  k = await createKeyApp();
  const doc = (await (await k.t.request('/api/v1/openapi.json')).json()) as OpenApiDocument;
  const groups = groupOperations(doc);
  const shown = groups.flatMap((group) => group.operations.map((op) => `${op.method} ${op.path}`));
  const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );
  expect(shown.sort()).toEqual(documented.sort());
  expect(groups.map((group) => group.tag)).toEqual(expect.arrayContaining(['Monitors', 'API keys']));
});

it("builds curl examples the server accepts as they stand: a monitor with a key, a key with the owner's session", async () => {
  k = await createKeyApp();
  const owner = await k.user('pro');
  const { key, prefix } = await k.createKey(owner);
  const doc = (await (await k.t.request('/api/v1/openapi.json')).json()) as OpenApiDocument;
  const operations = groupOperations(doc).flatMap((group) => group.operations);
  const find = (method: string, path: string) =>
    operations.find((op) => op.method === method && op.path === path) as Operation;

  const monitorCurl = curlCommand(find('POST', '/monitors'), TEST_PUBLIC_URL, `${prefix}…`);
  expect(monitorCurl).toContain(`-H "Authorization: Bearer ${prefix}…"`);
  const monitor = parseCurl(monitorCurl);
  expect(monitor.path).toBe('/api/v1/monitors');
  const created = await k.withKey(key, '/monitors', { method: 'POST', body: monitor.body });
  expect(created.status, await created.clone().text()).toBe(201);

  const keyCurl = parseCurl(curlCommand(find('POST', '/api-keys'), TEST_PUBLIC_URL, `${prefix}…`));
  const minted = await k.send(owner, 'POST', '/api-keys', JSON.parse(keyCurl.body ?? 'null'));
  expect(minted.status, await minted.clone().text()).toBe(201);
});
