// Reads upwatch.yaml for the CLI: YAML through the `yaml` package, `${VAR}` secrets filled in from
// the environment, then the same zod schema the server applies, so a mistake is named by the
// file's line and field before anything is sent.
import { readFileSync } from 'node:fs';
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import { configFileSchema } from '../../../core/api/config-file.ts';
import { firstUnknownField } from '../../platform/http/unknown-fields.ts';

export class ConfigFileError extends Error {
  override name = 'ConfigFileError';
}

export interface LoadedConfig {
  /** As written, secrets filled in: the server applies the schema's defaults itself. */
  config: Record<string, unknown>;
  /** Each filled-in value by its variable, so output can show the name instead. */
  secrets: Map<string, string>;
  /** Channel secrets whose variable is unset: sent without them, so the server keeps what it has. */
  kept: KeptSecret[];
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
const WHOLE_VARIABLE = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

/** A secret left to the server: an unset `${VAR}` that is the whole of a channel's config field. */
export interface KeptSecret {
  channel: string;
  field: string;
  variable: string;
}

/** Where an unset variable may mean "keep the stored secret": alertChannels.KEY.config.FIELD. */
const channelField = (path: Path) =>
  path.length === 4 && path[0] === 'alertChannels' && path[2] === 'config'
    ? { channel: String(path[1]), field: String(path[3]) }
    : null;

interface Filling {
  variables: Record<string, string | undefined>;
  secrets: Map<string, string>;
  kept: (KeptSecret & { path: Path })[];
  problem(path: Path, message: string): void;
}

function fillIn(value: unknown, filling: Filling, path: Path = []): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE_VARIABLE.exec(value)?.[1];
    const field = channelField(path);
    if (whole && field && !filling.variables[whole]) {
      filling.kept.push({ ...field, variable: whole, path });
      return undefined;
    }
    return value.replace(VARIABLE, (reference, name: string) => {
      const found = filling.variables[name];
      if (found === undefined || found === '') {
        filling.problem(path, `\${${name}} is not set in the environment.`);
        return reference;
      }
      filling.secrets.set(name, found);
      return found;
    });
  }
  if (Array.isArray(value)) return value.map((item, i) => fillIn(item, filling, [...path, i]));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .map(([key, item]) => [key, fillIn(item, filling, [...path, key])] as const)
        .filter(([, item]) => item !== undefined),
    );
  }
  return value;
}

const samePath = (a: Path, b: Path) =>
  a.length === b.length && a.every((part, i) => String(part) === String(b[i]));

/** Every resource's first unknown field (the schema passed, so each resource parsed). */
function unknownFields(config: Record<string, unknown>, parsed: Record<string, unknown>): string[] {
  const found: string[] = [];
  const top = firstUnknownField(
    Object.fromEntries(Object.keys(config).map((section) => [section, {}])),
    Object.fromEntries(Object.keys(parsed).map((section) => [section, {}])),
  );
  if (top) found.push(top);
  for (const [section, entries] of Object.entries(config)) {
    const parsedSection = (parsed[section] ?? {}) as Record<string, unknown>;
    if (!entries || typeof entries !== 'object') continue;
    for (const [key, entry] of Object.entries(entries)) {
      const unknown = firstUnknownField(entry, parsedSection[key], [section, key]);
      if (unknown) found.push(unknown);
    }
  }
  return found;
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
  if (document.errors.length > 0) {
    throw mistakes(
      file,
      document.errors.map(
        (error) => `${file}:${error.linePos?.[0].line ?? 1}: ${error.message.split('\n')[0]}`,
      ),
    );
  }
  const problems: { line: number; text: string }[] = [];
  const problem = (path: Path, message: string) => {
    const where = path.length > 0 ? `${path.join('.')}: ` : '';
    const line = lineOf(document.contents, path, lines);
    problems.push({ line, text: `${file}:${line}: ${where}${message}` });
  };
  const raw = document.toJS() ?? {};
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    problem(
      [],
      'upwatch.yaml is a mapping of sections: alertChannels, monitors, statusPages, maintenanceWindows, escalationPolicies, performanceSites.',
    );
    throw mistakes(
      file,
      problems.map((p) => p.text),
    );
  }
  const filling: Filling = { variables, secrets: new Map(), kept: [], problem };
  const config = fillIn(raw, filling) as Record<string, unknown>;
  const parsed = configFileSchema.safeParse(config);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.filter((segment) => typeof segment !== 'symbol');
      // A required secret left unset cannot be kept: name the variable, not the missing field.
      const kept = filling.kept.find((k) => samePath(k.path, path));
      if (kept) problem(path, `\${${kept.variable}} is not set in the environment.`);
      else problem(path, issue.message);
    }
  } else {
    for (const unknown of unknownFields(config, parsed.data as Record<string, unknown>))
      problem(unknown.split('.'), 'upwatch.yaml has no such field here.');
  }
  if (problems.length > 0) {
    const sorted = [...new Map(problems.map((p) => [p.text, p])).values()].sort((a, b) => a.line - b.line);
    throw mistakes(
      file,
      sorted.map((p) => p.text),
    );
  }
  const count = Object.values(parsed.data ?? {}).reduce(
    (sum, section) => sum + Object.keys(section ?? {}).length,
    0,
  );
  return { config, secrets: filling.secrets, kept: filling.kept.map(({ path: _, ...kept }) => kept), count };
}

/** One mistake is one line; several are counted, then listed a line each in file order. */
function mistakes(file: string, found: string[]): ConfigFileError {
  if (found.length === 1) return new ConfigFileError(found[0] ?? file);
  return new ConfigFileError(`${found.length} mistakes in ${file}:\n${found.join('\n')}`);
}
