// The served OpenAPI document: generated from the route declarations, with one adjustment for the
// code generators that read it. A request field with a default may be left out, and the document
// says so (it is not in `required`); but openapi-typescript, by default, types every property that
// has a `default` as always present unless the schema sits inline in a request body, so a named
// input schema (HttpMonitorInput) came out with every defaulted field required. In schemas only
// request bodies use, a property's default is therefore stated in its description instead;
// schemas a response also uses keep theirs.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const COMPONENT = '#/components/schemas/';

/** Every component schema a value names, directly or through the components it names. */
function reachable(doc: JsonObject, roots: Json[]): Set<string> {
  const schemas = isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
  const found = new Set<string>();
  const visit = (value: Json | undefined): void => {
    if (Array.isArray(value)) for (const item of value) visit(item);
    if (!isObject(value)) return;
    const ref = value.$ref;
    if (typeof ref === 'string' && ref.startsWith(COMPONENT)) {
      const name = ref.slice(COMPONENT.length);
      if (found.has(name)) return;
      found.add(name);
      visit(schemas[name]);
    }
    for (const [key, child] of Object.entries(value)) if (key !== '$ref') visit(child);
  };
  for (const root of roots) visit(root);
  return found;
}

/** Moves `default` out of every property in this schema (not through $refs) into its description. */
function describeDefaults(schema: Json | undefined): void {
  if (Array.isArray(schema)) for (const item of schema) describeDefaults(item);
  if (!isObject(schema)) return;
  if (isObject(schema.properties)) {
    for (const property of Object.values(schema.properties)) {
      if (!isObject(property) || !('default' in property)) continue;
      const said = `Default: ${JSON.stringify(property.default)}.`;
      const description = typeof property.description === 'string' ? property.description : '';
      property.description = description ? `${description.replace(/\.?$/, '.')} ${said}` : said;
      delete property.default;
    }
  }
  for (const [key, child] of Object.entries(schema)) if (key !== '$ref') describeDefaults(child);
}

function operationsOf(doc: JsonObject): JsonObject[] {
  const paths = isObject(doc.paths) ? Object.values(doc.paths) : [];
  return paths.filter(isObject).flatMap((item) => Object.values(item).filter(isObject));
}

/** The document with request-only schemas' defaults in their descriptions (a copy). */
export function withOptionalRequestDefaults<T extends object>(document: T): T {
  const doc = structuredClone(document) as unknown as JsonObject;
  const operations = operationsOf(doc);
  const bodies = operations.map((operation) => operation.requestBody ?? null);
  const answered = reachable(
    doc,
    operations.flatMap((operation) => [operation.responses ?? null, operation.parameters ?? null]),
  );
  const schemas = isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
  // Inline request bodies keep theirs: generators already read them as optional there.
  for (const name of reachable(doc, bodies)) if (!answered.has(name)) describeDefaults(schemas[name]);
  return doc as unknown as T;
}
