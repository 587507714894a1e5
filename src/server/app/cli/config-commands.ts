// `upwatch plan | apply | export`: the CLI side of monitoring as code (issue 22). It talks to any
// Upwatch over HTTP with an API key; the server does the work in one request, so a refusal (a
// plan limit, a bad field) leaves the workspace as it was, and the CLI exits non-zero with it.
import { stringify } from 'yaml';
import type { ConfigApplyResult, ConfigChange, FieldChange } from '../../../core/api/config-file.ts';
import { ConfigFileError, type KeptSecret, loadConfigFile } from './config-file.ts';

export class ConfigCommandError extends Error {
  override name = 'ConfigCommandError';
}

export interface ConfigCommandArgs {
  command: 'plan' | 'apply' | 'export';
  file: string | undefined;
  prune: boolean;
  url: string | undefined;
  apiKey: string | undefined;
}

export interface ClientEnvironment {
  url: string | undefined;
  apiKey: string | undefined;
  /** What `${VAR}` references in the file are filled in from. */
  variables: Record<string, string | undefined>;
  /** Colour only for a terminal, and never with NO_COLOR. */
  colour: boolean;
}

export interface Output {
  out(text: string): void;
  progress(text: string): void;
}

const COLOURS = { create: '32', update: '33', delete: '31' } as const;

async function call(
  base: string,
  apiKey: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new ConfigCommandError(
      `Cannot reach ${base} (UPWATCH_URL): ${cause?.code || cause?.message || String(err)}`,
    );
  }
  const answer = (await response.json().catch(() => null)) as {
    error?: { code: string; message: string };
  } | null;
  if (!response.ok) {
    const error = answer?.error;
    throw new ConfigCommandError(
      error
        ? `${error.message} (${error.code}, HTTP ${response.status})`
        : `HTTP ${response.status} from ${base}`,
    );
  }
  return answer;
}

/** A value as the plan shows it, with any filled-in secret shown as its variable again. */
function show(value: unknown, secrets: Map<string, string>): string {
  let text = JSON.stringify(value);
  for (const [name, secret] of secrets) text = text.split(secret).join(`\${${name}}`);
  return text;
}

function fieldLine(
  action: ConfigChange['action'],
  change: FieldChange,
  secrets: Map<string, string>,
): string {
  if (change.secret)
    return action === 'create'
      ? `    + ${change.field} = (secret)`
      : `    ~ ${change.field} (secret changed)`;
  if (!('before' in change)) return `    + ${change.field} = ${show(change.after, secrets)}`;
  return `    ~ ${change.field}: ${show(change.before, secrets)} → ${show(change.after, secrets)}`;
}

export function formatChanges(
  changes: ConfigChange[],
  secrets: Map<string, string>,
  colour: boolean,
): string[] {
  const lines: string[] = [];
  for (const change of changes) {
    const head = `${change.action} ${change.resource} ${change.key} (${show(change.name, secrets)})`;
    lines.push(colour ? `\u001b[${COLOURS[change.action]}m${head}\u001b[0m` : head);
    for (const field of change.fields) lines.push(fieldLine(change.action, field, secrets));
  }
  return lines;
}

function summary(changes: ConfigChange[]): string {
  const count = (action: ConfigChange['action']) =>
    changes.filter((change) => change.action === action).length;
  return `${count('create')} to create, ${count('update')} to update, ${count('delete')} to delete`;
}

function connection(args: ConfigCommandArgs, env: ClientEnvironment) {
  const url = (args.url ?? env.url)?.replace(/\/+$/, '');
  const apiKey = args.apiKey ?? env.apiKey;
  if (!url) throw new ConfigCommandError('Set UPWATCH_URL (or --url) to the Upwatch to talk to.');
  if (!apiKey)
    throw new ConfigCommandError('Set UPWATCH_API_KEY (or --api-key) to an API key of the workspace.');
  return { url, apiKey };
}

export async function runConfigCommand(
  args: ConfigCommandArgs,
  env: ClientEnvironment,
  output: Output,
): Promise<void> {
  const { url, apiKey } = connection(args, env);
  if (args.command === 'export') {
    output.progress(`Exporting the workspace at ${url}…`);
    const file = await call(url, apiKey, 'GET', '/config/export');
    output.out(`# yaml-language-server: $schema=${url}/api/v1/config/schema.json\n${stringify(file)}`);
    return;
  }
  if (!args.file) throw new ConfigCommandError(`upwatch ${args.command} needs -f FILE (an upwatch.yaml).`);
  let loaded: ReturnType<typeof loadConfigFile>;
  try {
    loaded = loadConfigFile(args.file, env.variables);
  } catch (err) {
    throw err instanceof ConfigFileError ? new ConfigCommandError(err.message) : err;
  }
  const dryRun = args.command === 'plan';
  output.progress(
    `${dryRun ? 'Planning' : 'Applying'} ${loaded.count} resources from ${args.file} against ${url}…`,
  );
  const body = { config: loaded.config, prune: args.prune };
  // A plan has its own route, so a viewer key (safe to give pull requests) can run it.
  const plan = () => call(url, apiKey, 'POST', '/config/plan', body) as Promise<ConfigApplyResult>;
  if (loaded.kept.length > 0) {
    // An unset secret keeps the stored one: only a channel that exists has one to keep.
    refuseNewWithoutSecret(loaded.kept, dryRun ? null : await plan(), args.file);
  }
  const result = dryRun
    ? await plan()
    : ((await call(url, apiKey, 'POST', '/config/apply', body)) as ConfigApplyResult);
  if (dryRun) refuseNewWithoutSecret(loaded.kept, result, args.file);
  for (const kept of loaded.kept) {
    output.progress(
      `alertChannels.${kept.channel}.config.${kept.field}: \${${kept.variable}} is not set, so the stored secret stays.`,
    );
  }
  const lines = formatChanges(result.changes, loaded.secrets, env.colour);
  if (lines.length > 0) output.out(`${lines.join('\n')}\n`);
  if (result.changes.length === 0) output.progress('No changes: the workspace matches the file.');
  else output.progress(`${dryRun ? 'Plan' : 'Applied'}: ${summary(result.changes)}.`);
}

/** A channel the plan would create has no stored secret to keep: its variable must be set. */
function refuseNewWithoutSecret(kept: KeptSecret[], result: ConfigApplyResult | null, file: string): void {
  if (!result) return;
  const created = new Set(
    result.changes
      .filter((change) => change.resource === 'alertChannel' && change.action === 'create')
      .map((change) => change.key),
  );
  const missing = kept.filter((secret) => created.has(secret.channel));
  if (missing.length === 0) return;
  throw new ConfigCommandError(
    missing
      .map(
        (secret) =>
          `${file}: alertChannels.${secret.channel}.config.${secret.field}: \${${secret.variable}} is not set in the environment, and the channel is new, so there is no stored secret to keep.`,
      )
      .join('\n'),
  );
}
