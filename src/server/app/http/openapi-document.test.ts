// The served OpenAPI document as code generators and validators read it: every operation named,
// the monitor input a union on `kind` a validator can tell apart, list items that keep each kind's
// fields, and request fields with defaults left optional.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MONITOR_KINDS, monitorInputSchema } from '../../../core/api/monitors.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { withOptionalRequestDefaults } from './openapi-document.ts';

type Schema = {
  $ref?: string;
  type?: string | string[];
  oneOf?: Schema[];
  allOf?: Schema[];
  items?: Schema;
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, Schema & { default?: unknown; description?: string }>;
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
};
interface Document {
  paths: Record<string, Record<string, { operationId?: string; requestBody?: unknown; responses?: unknown }>>;
  components: { schemas: Record<string, Schema> };
}

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await (await t.request('/api/v1/openapi.json')).json()) as Document;
});
afterAll(() => t?.close());

const ref = (name: string) => `#/components/schemas/${name}`;
const schema = (name: string): Schema => {
  const found = doc.components.schemas[name];
  if (!found) throw new Error(`no component ${name}`);
  return found;
};

/** A component as a validator reads it (zod's JSON Schema reader), its $refs resolved. */
function validatorOf(name: string) {
  const defs = JSON.parse(
    JSON.stringify(doc.components.schemas).replaceAll('#/components/schemas/', '#/$defs/'),
  ) as Record<string, unknown>;
  return z.fromJSONSchema({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $defs: defs,
    $ref: `#/$defs/${name}`,
  } as Parameters<typeof z.fromJSONSchema>[0]);
}

/** One valid body per kind, as a script would send it. */
const BODIES = {
  http: { name: 'Shop', kind: 'http', url: 'https://shop.example.com' },
  tcp: { name: 'Database', kind: 'tcp', host: 'db.example.com', port: 5432 },
  ping: { name: 'Router', kind: 'ping', host: 'router.example.com' },
  dns: { name: 'Apex', kind: 'dns', hostname: 'example.com' },
  heartbeat: { name: 'Nightly backup', kind: 'heartbeat', periodSeconds: 86_400 },
} as const;

describe('the OpenAPI document', () => {
  it('names every operation with a unique camelCase operationId', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        at: `${method.toUpperCase()} ${path}`,
        ...operation,
      })),
    );
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.filter((operation) => !operation.operationId).map((operation) => operation.at)).toEqual(
      [],
    );
    const ids = operations.map((operation) => operation.operationId ?? '');
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(ids.filter((id) => !/^[a-z]+(?:[A-Z][a-z0-9]*)+$/.test(id))).toEqual([]);
    expect(doc.paths['/monitors']?.get?.operationId).toBe('listMonitors');
    expect(doc.paths['/monitors']?.post?.operationId).toBe('createMonitor');
    expect(doc.paths['/monitors/{id}/pause']?.post?.operationId).toBe('pauseMonitor');
  });

  it('makes the monitor input a oneOf with a discriminator on kind that maps each kind to its one branch', () => {
    const input = schema('MonitorInput');
    const branches = (input.oneOf ?? []).map((branch) => branch.$ref);
    expect(input.discriminator?.propertyName).toBe('kind');
    expect(Object.keys(input.discriminator?.mapping ?? {}).sort()).toEqual([...MONITOR_KINDS].sort());
    expect(Object.values(input.discriminator?.mapping ?? {}).sort()).toEqual([...branches].sort());
    for (const [kind, target] of Object.entries(input.discriminator?.mapping ?? {})) {
      const branch = schema(target.slice(ref('').length));
      // Required, with its one value: a body names one kind, so it fits one branch at most.
      expect(branch.required, kind).toContain('kind');
      expect(branch.properties?.kind?.enum, kind).toEqual([kind]);
    }
  });

  it('has no two monitor input branches accept the same body', () => {
    const input = schema('MonitorInput');
    const branches = Object.entries(input.discriminator?.mapping ?? {}).map(([kind, target]) => ({
      kind,
      validator: validatorOf(target.slice(ref('').length)),
    }));
    const mixed = { ...BODIES.http, ...BODIES.tcp, ...BODIES.dns, kind: 'dns' };
    for (const [kind, body] of [...Object.entries(BODIES), ['dns', mixed] as const]) {
      // The server takes it, and exactly its kind's branch does.
      expect(monitorInputSchema.safeParse(body).success, kind).toBe(true);
      const accepting = branches.filter((branch) => branch.validator.safeParse(body).success);
      expect(
        accepting.map((branch) => branch.kind),
        JSON.stringify(body),
      ).toEqual([kind]);
    }
  });

  it('lists monitors as items of their kind, each keeping kind, url or host', () => {
    const items = schema('MonitorList').properties?.monitors?.items;
    expect(items).toEqual({ $ref: ref('MonitorListItem') });
    const item = schema('MonitorListItem');
    expect(item.allOf).toBeUndefined();
    expect(item.discriminator?.propertyName).toBe('kind');
    expect(schema('HttpMonitorListItem').required).toEqual(
      expect.arrayContaining(['kind', 'url', 'id', 'status']),
    );
    expect(schema('TcpMonitorListItem').required).toEqual(expect.arrayContaining(['kind', 'host', 'port']));
    expect(schema('PingMonitorListItem').required).toEqual(expect.arrayContaining(['kind', 'host']));
    expect(Object.keys(schema('HttpMonitorListItem').properties ?? {})).toEqual(
      expect.arrayContaining(['stats', 'ssl', 'domain']),
    );
  });

  it('leaves request fields with defaults optional, their default told in the description', () => {
    const http = schema('HttpMonitorInput');
    expect(http.required).toEqual(['name', 'kind', 'url']);
    for (const field of ['timeoutSeconds', 'paused', 'method', 'followRedirects']) {
      expect(http.required, field).not.toContain(field);
      // openapi-typescript types a named schema's property with a `default` as always present.
      expect(http.properties?.[field], field).not.toHaveProperty('default');
    }
    expect(http.properties?.timeoutSeconds?.description).toBe('Default: 30.');
    expect(http.properties?.method?.description).toBe('Default: "GET".');
    expect(schema('StatusPageInput').properties?.published?.description).toBe('Default: false.');
    for (const [name, component] of Object.entries(doc.components.schemas)) {
      for (const [field, property] of Object.entries(component.properties ?? {})) {
        if ('default' in property) expect(component.required ?? [], `${name}.${field}`).not.toContain(field);
      }
    }
  });
});

describe('withOptionalRequestDefaults', () => {
  const body = (name: string) => ({ content: { 'application/json': { schema: { $ref: ref(name) } } } });
  const source = {
    paths: {
      '/things': {
        post: { requestBody: body('ThingInput'), responses: { 200: body('Thing') } },
        put: {
          requestBody: {
            content: { 'application/json': { schema: { properties: { inline: { default: 1 } } } } },
          },
        },
      },
    },
    components: {
      schemas: {
        ThingInput: {
          properties: {
            size: { type: 'integer', default: 3, description: 'How big' },
            shared: { $ref: ref('Shared') },
            nested: { type: 'object', properties: { deep: { default: 'x' } } },
          },
          required: [],
        },
        Thing: { properties: { shared: { $ref: ref('Shared') } } },
        Shared: { properties: { colour: { type: 'string', default: 'red' } } },
      },
    },
  };

  it("moves the defaults of schemas only requests use into their descriptions, and keeps responses' and inline ones", () => {
    const out = withOptionalRequestDefaults(source);
    const schemas = out.components.schemas;
    expect(schemas.ThingInput.properties.size).toEqual({
      type: 'integer',
      description: 'How big. Default: 3.',
    });
    expect(schemas.ThingInput.properties.nested.properties.deep).toEqual({ description: 'Default: "x".' });
    expect(schemas.Shared.properties.colour).toEqual({ type: 'string', default: 'red' });
    expect(out.paths['/things'].put.requestBody.content['application/json'].schema.properties.inline).toEqual(
      {
        default: 1,
      },
    );
    // A copy: the generator's own object is left as it was.
    expect(source.components.schemas.ThingInput.properties.size.default).toBe(3);
  });
});
