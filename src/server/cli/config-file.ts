// Reads upwatch.yaml for the CLI: YAML through the `yaml` package, `${VAR}` secrets filled in from
// the environment, then the same zod schema the server applies, so a mistake is named by the
// file's line and field before anything is sent.
import { readFileSync } from 'node:fs';
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import { configFileSchema } from '../../core/api/config-file.ts';
import { firstUnknownField } from '../http/unknown-fields.ts';

export class ConfigFileError extends Error {
  override name = 'ConfigFileError';
}

export interface LoadedConfig {
  /** As written, secrets filled in: the server applies the schema's defaults itself. */
  config: Record<string, unknown>;
  /** Each filled-in value by its variable, so output can show the name instead. */
  secrets: Map<string, string>;
  count: number;
}

type Path = readonly (string | number)[];

/** The line of the deepest node the path reaches: a field's key where there is one. */
function lineOf(root: Node | null, path: Path, lines: LineCounter): number {
  let node: unknown = root;
  let offset = 0;
  for (const segment of path) {
    if (isMap(node)) {
      const pair = node.items.find(
        (item) => isScalar(item.key) && String(item.key.value) === String(segment),
      );
      if (!pair) break;
      if (isScalar(pair.key) && pair.key.range) offset = pair.key.range[0];
      node = pair.value;
    } else if (isSeq(node) && node.items[Number(segment)]) {
      node = node.items[Number(segment)];
      const range = (node as Node).range;
      if (range) offset = range[0];
    } else break;
  }
  return lines.linePos(offset).line;
}

const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

function fillIn(
  value: unknown,
  variables: Record<string, string | undefined>,
  secrets: Map<string, string>,
  fail: (path: Path, message: string) => never,
  path: Path = [],
): unknown {
  if (typeof value === 'string') {
    return value.replace(VARIABLE, (_, name: string) => {
      const found = variables[name];
      if (found === undefined || found === '') fail(path, `\${${name}} is not set in the environment.`);
      secrets.set(name, found);
      return found;
    });
  }
  if (Array.isArray(value))
    return value.map((item, i) => fillIn(item, variables, secrets, fail, [...path, i]));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        fillIn(item, variables, secrets, fail, [...path, key]),
      ]),
    );
  }
  return value;
}

export function loadConfigFile(file: string, variables: Record<string, string | undefined>): LoadedConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigFileError(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const [syntax] = document.errors;
  if (syntax) {
    const line = syntax.linePos?.[0].line ?? 1;
    throw new ConfigFileError(`${file}:${line}: ${syntax.message.split('\n')[0]}`);
  }
  const fail = (path: Path, message: string): never => {
    const where = path.length > 0 ? `${path.join('.')}: ` : '';
    throw new ConfigFileError(`${file}:${lineOf(document.contents, path, lines)}: ${where}${message}`);
  };
  const raw = document.toJS() ?? {};
  if (typeof raw !== 'object' || Array.isArray(raw))
    fail(
      [],
      'upwatch.yaml is a mapping of sections: alertChannels, monitors, statusPages, maintenanceWindows, escalationPolicies.',
    );
  const secrets = new Map<string, string>();
  const config = fillIn(raw, variables, secrets, fail) as Record<string, unknown>;
  const parsed = configFileSchema.safeParse(config);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    fail(issue?.path.filter((segment) => typeof segment !== 'symbol') ?? [], issue?.message ?? 'Invalid.');
  }
  const unknown = firstUnknownField(config, parsed.data);
  if (unknown) fail(unknown.split('.'), 'upwatch.yaml has no such field here.');
  const count = Object.values(parsed.data ?? {}).reduce(
    (sum, section) => sum + Object.keys(section ?? {}).length,
    0,
  );
  return { config, secrets, count };
}
