// A request body for a route, made from its schema in the served OpenAPI document: every field
// the schema names, each string holding U+0000, so a sweep reaches whatever text a route stores.
type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  additionalProperties?: boolean | Schema;
};
interface RequestBody {
  required?: boolean;
  content?: Record<string, { schema?: Schema }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, { requestBody?: RequestBody }>>;
  components?: { schemas?: Record<string, Schema> };
}

const NUL_TEXT = 'text\u0000with NUL';
const API_PREFIX = '/api/v1';

/** The declared body of a route given as Hono registered it (`/api/v1/monitors/:id`), if any. */
export function requestBodyOf(
  doc: OpenApiDocument,
  method: string,
  honoPath: string,
): RequestBody | undefined {
  if (!honoPath.startsWith(`${API_PREFIX}/`)) return undefined;
  const path = honoPath.slice(API_PREFIX.length).replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');
  return doc.paths[path]?.[method.toLowerCase()]?.requestBody;
}

function stringFor(format: string | undefined): string {
  if (format === 'email') return `a${NUL_TEXT}@example.com`;
  if (format === 'uri' || format === 'url') return `https://example.com/${NUL_TEXT}`;
  return NUL_TEXT;
}

function sample(doc: OpenApiDocument, schema: Schema | undefined, depth: number): unknown {
  if (!schema || depth > 8) return NUL_TEXT;
  if (schema.$ref)
    return sample(doc, doc.components?.schemas?.[schema.$ref.split('/').pop() ?? ''], depth + 1);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return sample(doc, choice.find((option) => option.type !== 'null') ?? choice[0], depth + 1);
  if (schema.allOf) {
    return Object.assign({}, ...schema.allOf.map((part) => sample(doc, part, depth + 1)));
  }
  const type = [schema.type].flat().find((t) => t !== 'null');
  if (type === 'object' || schema.properties) {
    const entries = Object.entries(schema.properties ?? {}).map(([key, value]) => [
      key,
      sample(doc, value, depth + 1),
    ]);
    return entries.length > 0 ? Object.fromEntries(entries) : { note: NUL_TEXT };
  }
  if (type === 'array') return [sample(doc, schema.items, depth + 1)];
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return false;
  return stringFor(schema.format);
}

/** The route's sample body; a route the document does not describe gets a few common fields. */
export function sampleBody(doc: OpenApiDocument, method: string, honoPath: string): unknown {
  const schema = requestBodyOf(doc, method, honoPath)?.content?.['application/json']?.schema;
  if (schema) return sample(doc, schema, 0);
  return { name: NUL_TEXT, email: stringFor('email'), password: NUL_TEXT, code: NUL_TEXT, slug: NUL_TEXT };
}
