// Importing monitors and alert channels from another service's export: the request, the dry
// run's preview and the import's answer. One schema validates the web page and the API route.
import { z } from 'zod';
import { CHANNEL_KINDS } from './alerts.ts';
import { MONITOR_KINDS } from './monitors.ts';

export const IMPORT_SOURCES = ['kuma', 'kuma-db', 'uptimerobot'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];
/** The sources whose export is JSON; kuma-db is an SQLite file, sent as the request body's bytes. */
export const JSON_IMPORT_SOURCES = ['kuma', 'uptimerobot'] as const satisfies readonly ImportSource[];
/** The largest kuma.db upload (bytes); the CLI sends a copy cut down to the tables read. */
/** A kuma.db is mostly check history: a year of a few dozen monitors fits, the app's 1 MiB would not. */
export const KUMA_DB_MAX_BYTES = 64 * 1024 * 1024;
export const IMPORT_SOURCE_LABELS: Record<ImportSource, string> = {
  kuma: 'Uptime Kuma backup',
  'kuma-db': 'Uptime Kuma database (kuma.db)',
  uptimerobot: 'UptimeRobot export',
};

export const importRequestSchema = z
  .object({
    file: z
      .union([z.string().max(1_000_000), z.record(z.string(), z.unknown())])
      .meta({ description: 'The export file: its JSON as an object, or its text as it was saved' }),
  })
  .meta({ id: 'ImportRequest' });
export type ImportRequest = z.infer<typeof importRequestSchema>;

const notes = z.array(z.string()).meta({ description: 'What changed on the way in, and why' });

export const importPreviewSchema = z
  .object({
    source: z.enum(IMPORT_SOURCES),
    monitors: z.array(
      z.object({
        name: z.string(),
        kind: z.enum(MONITOR_KINDS),
        target: z.string(),
        intervalSeconds: z.number().meta({ description: 'How often it will be checked (or pinged)' }),
        channels: z.array(z.string()).meta({ description: 'The names of the channels it will alert' }),
        notes,
      }),
    ),
    channels: z.array(
      z.object({
        name: z.string(),
        kind: z.enum(CHANNEL_KINDS),
        target: z.string().meta({ description: 'Where it sends, with secrets left out' }),
        notes,
      }),
    ),
    skipped: z.array(
      z.object({
        type: z.enum(['monitor', 'channel']),
        name: z.string(),
        reason: z.string(),
      }),
    ),
    limits: z.array(
      z
        .object({ code: z.string(), message: z.string() })
        .meta({ description: 'A plan limit the file meets' }),
    ),
    canImport: z.boolean().meta({ description: 'False when the import would be refused as a whole' }),
  })
  .meta({ id: 'ImportPreview' });
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z
  .object({
    monitors: z.array(z.object({ id: z.string(), name: z.string(), kind: z.enum(MONITOR_KINDS) })),
    channels: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        kind: z.enum(CHANNEL_KINDS),
        secret: z
          .string()
          .optional()
          .meta({ description: "A webhook's new signing secret, shown this once" }),
      }),
    ),
    skipped: importPreviewSchema.shape.skipped,
  })
  .meta({ id: 'ImportResult' });
export type ImportResult = z.infer<typeof importResultSchema>;

/** "1 monitor", "6 monitors", numbers in US-English formatting. */
export function countOf(count: number, noun: string): string {
  return `${new Intl.NumberFormat('en-US').format(count)} ${noun}${count === 1 ? '' : 's'}`;
}

/** The dry run in one sentence, as the page and the command line both say it. */
export function previewSummary(preview: Pick<ImportPreview, 'monitors' | 'channels' | 'skipped'>): string {
  return `${countOf(preview.monitors.length, 'monitor')} and ${countOf(preview.channels.length, 'alert channel')} to import, ${preview.skipped.length} skipped.`;
}
