// Reads /api/v1/openapi.json into what the API Documentation tab shows: operations grouped by
// tag, their parameters and schema names, and a copy-ready curl command for each. Pure, so the
// server's tests can run it on the document the server really generates.

interface SchemaRef {
  $ref?: string;
  type?: string | string[];
  items?: SchemaRef;
  properties?: Record<
    string,
    SchemaRef & { example?: unknown; enum?: unknown[]; default?: unknown; format?: string }
  >;
  required?: string[];
  /** A union (monitor kinds): the example shows its first member. */
  oneOf?: SchemaRef[];
}
interface MediaContent {
  content?: Record<string, { schema?: SchemaRef }>;
  description?: string;
}
interface RawOperation {
  tags?: string[];
  summary?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: SchemaRef }[];
  requestBody?: MediaContent;
  responses?: Record<string, MediaContent>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, SchemaRef> };
}

export interface Parameter {
  name: string;
  in: string;
  required: boolean;
  type: string;
}
export interface Operation {
  method: string;
  path: string;
  summary: string;
  parameters: Parameter[];
  requestSchema: string | null;
  responses: { status: string; schema: string | null }[];
  /** An example JSON body built from the request schema's properties. */
  exampleBody: Record<string, unknown> | null;
}
export interface OperationGroup {
  tag: string;
  operations: Operation[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** "Monitor", "Monitor[]", "string" or "object" for a schema. */
export function schemaName(schema: SchemaRef | undefined): string | null {
  if (!schema) return null;
  if (schema.$ref) return schema.$ref.split('/').pop() ?? null;
  if (schema.type === 'array') return `${schemaName(schema.items) ?? 'unknown'}[]`;
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  return schema.type ?? 'object';
}

function jsonSchemaOf(media: MediaContent | undefined): SchemaRef | undefined {
  return media?.content?.['application/json']?.schema;
}

function resolve(doc: OpenApiDocument, schema: SchemaRef | undefined): SchemaRef | undefined {
  if (!schema?.$ref) return schema;
  return doc.components?.schemas?.[schema.$ref.split('/').pop() ?? ''];
}

/** A value the route accepts where the schema gives no example: URLs must look like URLs. */
function exampleValue(name: string, property: NonNullable<SchemaRef['properties']>[string]): unknown {
  if (property.example !== undefined) return property.example;
  if (property.default !== undefined) return property.default;
  if (property.enum?.length) return property.enum[0];
  const type = Array.isArray(property.type) ? property.type[0] : property.type;
  if (type === 'string' && (property.format === 'uri' || /url$/i.test(name))) return 'https://example.com';
  if (type === 'string' && property.format === 'email') return 'you@example.com';
  if (type === 'string') return `Example ${name}`;
  if (type === 'integer' || type === 'number') return 0;
  if (type === 'boolean') return false;
  if (type === 'array') return [];
  return property.$ref ? {} : null;
}

/** The required properties (all of them when none is required), one level deep. */
function exampleBody(doc: OpenApiDocument, schema: SchemaRef | undefined): Record<string, unknown> | null {
  const resolved = resolve(doc, schema);
  const first = resolved?.oneOf?.[0];
  if (first) return exampleBody(doc, first);
  if (!resolved?.properties) return schema ? {} : null;
  const names = resolved.required?.length ? resolved.required : Object.keys(resolved.properties);
  return Object.fromEntries(
    names.flatMap((name) => {
      const property = resolved.properties?.[name];
      return property ? [[name, exampleValue(name, property)]] : [];
    }),
  );
}

export function groupOperations(doc: OpenApiDocument): OperationGroup[] {
  const groups = new Map<string, Operation[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const raw = item[method];
      if (!raw) continue;
      const request = jsonSchemaOf(raw.requestBody);
      const operation: Operation = {
        method: method.toUpperCase(),
        path,
        summary: raw.summary ?? '',
        parameters: (raw.parameters ?? []).map((p) => ({
          name: p.name,
          in: p.in,
          required: Boolean(p.required),
          type: schemaName(p.schema) ?? 'string',
        })),
        requestSchema: schemaName(request),
        responses: Object.entries(raw.responses ?? {}).map(([status, response]) => ({
          status,
          schema: schemaName(jsonSchemaOf(response)),
        })),
        exampleBody: exampleBody(doc, request),
      };
      const tag = raw.tags?.[0] ?? 'Other';
      groups.set(tag, [...(groups.get(tag) ?? []), operation]);
    }
  }
  return [...groups.entries()].map(([tag, operations]) => ({ tag, operations }));
}

/** The shell command for an operation, with the user's key shown by its prefix. */
export function curlCommand(operation: Operation, publicUrl: string, keyHint: string): string {
  const lines = [
    `curl -X ${operation.method} "${publicUrl.replace(/\/$/, '')}/api/v1${operation.path}"`,
    `  -H "Authorization: Bearer ${keyHint}"`,
  ];
  if (operation.exampleBody) {
    lines.push('  -H "Content-Type: application/json"');
    lines.push(`  -d '${JSON.stringify(operation.exampleBody).replaceAll("'", "'\\''")}'`);
  }
  return lines.join(' \\\n');
}
