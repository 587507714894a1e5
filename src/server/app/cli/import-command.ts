// `upwatch import kuma|kuma-db|uptimerobot FILE [--yes]`: a client of a running server's API. It always
// shows the dry run first; only --yes imports, so a script never imports by accident.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { ImportPreview, ImportResult } from '../../../core/api/imports.ts';
import {
  countOf,
  IMPORT_SOURCE_LABELS,
  IMPORT_SOURCES,
  type ImportSource,
  previewSummary,
} from '../../../core/api/imports.ts';
import { formatSeconds } from '../../../core/heartbeat-schedule.ts';
import type { ClientEnvironment } from '../../platform/config.ts';
import { kumaDbUpload } from './kuma-db-copy.ts';

export const IMPORT_USAGE = `  import kuma|kuma-db|uptimerobot FILE [--yes] [--url U] [--api-key K]
                      preview importing an Uptime Kuma 1.x backup, an Uptime Kuma kuma.db (2.x) or
                      an UptimeRobot export into a running server (UPWATCH_URL, UPWATCH_API_KEY);
                      --yes imports it`;

/** A refusal to print as one line and exit 1: a usage slip, an unreadable file or the server's answer. */
export class ImportCommandError extends Error {}

interface ImportArgs {
  source: ImportSource;
  file: string;
  yes: boolean;
  url: string;
  apiKey: string;
}

function parseOptions(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      yes: { type: 'boolean', default: false },
      url: { type: 'string' },
      'api-key': { type: 'string' },
    },
  });
}

function parse(argv: string[], env: Pick<ClientEnvironment, 'url' | 'apiKey'>): ImportArgs {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(argv);
  } catch (err) {
    throw new ImportCommandError(err instanceof Error ? err.message : String(err));
  }
  const { positionals, values } = parsed;
  const [source, file] = positionals;
  if (!source || !IMPORT_SOURCES.includes(source as ImportSource) || !file || positionals.length > 2) {
    throw new ImportCommandError(`Usage: upwatch import ${IMPORT_SOURCES.join('|')} FILE [--yes]`);
  }
  const url = values.url ?? env.url;
  const apiKey = values['api-key'] ?? env.apiKey;
  if (!url) throw new ImportCommandError('Set UPWATCH_URL (or --url) to the Upwatch server to import into.');
  if (!apiKey) {
    throw new ImportCommandError(
      'Set UPWATCH_API_KEY (or --api-key) to an API key of the workspace (Settings → API Documentation).',
    );
  }
  return { source: source as ImportSource, file, yes: values.yes, url: url.replace(/\/+$/, ''), apiKey };
}

/** A JSON export goes as `{ file }`; a kuma.db as the request body's bytes. */
async function post<T>(args: ImportArgs, path: string, file: string | Buffer): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${args.url}/api/v1${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${args.apiKey}`,
        'content-type': typeof file === 'string' ? 'application/json' : 'application/octet-stream',
      },
      body: typeof file === 'string' ? JSON.stringify({ file }) : new Blob([new Uint8Array(file)]),
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new ImportCommandError(
      `Cannot reach ${args.url}: ${cause?.code ?? cause?.message ?? String(err)}.`,
    );
  }
  const body = (await response.json().catch(() => null)) as (T & { error?: { message?: string } }) | null;
  if (!response.ok) {
    throw new ImportCommandError(body?.error?.message ?? `The server answered ${response.status}.`);
  }
  return body as T;
}

function formatPreview(preview: ImportPreview): string[] {
  const lines = [`${IMPORT_SOURCE_LABELS[preview.source]}: ${previewSummary(preview)}`];
  const notes = (list: string[]) => list.map((note) => `      ${note}`);
  if (preview.monitors.length > 0) lines.push('', 'Monitors');
  for (const m of preview.monitors) {
    const alerts = m.channels.length > 0 ? ` → ${m.channels.join(', ')}` : '';
    lines.push(
      `  ${m.name} (${m.kind}) ${m.target}, every ${formatSeconds(m.intervalSeconds)}${alerts}`,
      ...notes(m.notes),
    );
  }
  if (preview.channels.length > 0) lines.push('', 'Alert channels');
  for (const c of preview.channels) lines.push(`  ${c.name} (${c.kind}) ${c.target}`, ...notes(c.notes));
  if (preview.skipped.length > 0) lines.push('', 'Skipped');
  for (const s of preview.skipped) lines.push(`  ${s.type} ${s.name}: ${s.reason}`);
  if (preview.limits.length > 0) lines.push('', 'Plan limits');
  for (const limit of preview.limits) lines.push(`  ${limit.message}`);
  return lines;
}

function formatResult(result: ImportResult): string[] {
  const lines = [
    `Imported ${countOf(result.monitors.length, 'monitor')} and ${countOf(result.channels.length, 'alert channel')}.`,
  ];
  for (const channel of result.channels) {
    if (channel.secret)
      lines.push(`Webhook "${channel.name}" signs its bodies with ${channel.secret} (shown once).`);
  }
  return lines;
}

/** Runs the command; what it prints goes to `out`. Throws ImportCommandError for a refusal. */
export async function runImportCommand(
  argv: string[],
  env: Pick<ClientEnvironment, 'url' | 'apiKey'>,
  out: (line: string) => void,
): Promise<void> {
  const args = parse(argv, env);
  let file: string | Buffer;
  try {
    file =
      args.source === 'kuma-db' ? kumaDbUpload(await readFile(args.file)) : await readFile(args.file, 'utf8');
  } catch (err) {
    throw new ImportCommandError(`Cannot read ${args.file}: ${(err as NodeJS.ErrnoException).code ?? err}.`);
  }
  const preview = await post<ImportPreview>(args, `/imports/${args.source}/preview`, file);
  for (const line of formatPreview(preview)) out(line);
  out('');
  if (!args.yes) {
    out('Dry run: nothing was created. Run again with --yes to import.');
    return;
  }
  for (const line of formatResult(await post<ImportResult>(args, `/imports/${args.source}`, file))) out(line);
}
