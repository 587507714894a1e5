// Imports from another service's export: the source's candidates go through the same schemas and
// the same create steps (plan, SSRF guard, sealing) as the API's monitors and channels. A preview
// stops there; an import writes everything in one transaction, so it lands whole or not at all.
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { channelInputSchema } from '../../core/api/alerts.ts';
import type { ImportPreview, ImportResult, ImportSource } from '../../core/api/imports.ts';
import { type MonitorInput, monitorInputSchemas } from '../../core/api/monitors.ts';
import type { ChannelService, PreparedChannel } from '../alerts/channel-service.ts';
import { linkChannels } from '../alerts/monitor-channels.ts';
import type { EntitlementsHelper } from '../billing/plan-summary.ts';
import type { MonitorService, PreparedMonitor } from '../monitor-api/service.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Caller } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';
import {
  type Candidates,
  type ChannelCandidate,
  type MonitorCandidate,
  type SkippedItem,
  storableCandidates,
} from './candidates.ts';
import { fitInterval } from './fit-interval.ts';
import { kumaCandidates } from './kuma.ts';
import { kumaDbCandidates } from './kuma-db.ts';
import { monitorTarget } from './monitor-target.ts';
import { uptimeRobotCandidates } from './uptimerobot.ts';

export interface ImportServiceDeps {
  db: Kysely<Database>;
  monitors: Pick<MonitorService, 'prepareCreate' | 'created'>;
  channels: Pick<ChannelService, 'prepareCreate'>;
  entitlements: Pick<EntitlementsHelper, 'planSummary'>;
}

/** An export as it came: JSON text or an object (the JSON sources), or a file's bytes (kuma-db). */
export type ImportFile = string | Record<string, unknown> | Uint8Array;

const isBytes = (file: ImportFile): file is Uint8Array => file instanceof Uint8Array;

function json(read: (file: string | Record<string, unknown>) => Candidates) {
  return (file: ImportFile) => {
    if (isBytes(file)) throw new ApiError(415, 'unsupported_media_type', 'Send this export as JSON.');
    return read(file);
  };
}

const READERS: Record<ImportSource, (file: ImportFile) => Candidates> = {
  kuma: json(kumaCandidates),
  'kuma-db': (file) => {
    if (!isBytes(file)) {
      throw new ApiError(
        415,
        'unsupported_media_type',
        'Send kuma.db as the request body, with Content-Type: application/octet-stream.',
      );
    }
    return kumaDbCandidates(file);
  },
  uptimerobot: json(uptimeRobotCandidates),
};

interface PlannedChannel {
  prepared: PreparedChannel;
  notes: string[];
}
/** A channel a monitor will alert: one the import creates, or one of the same name already here. */
interface ChannelLink {
  id: string;
  name: string;
}
interface PlannedMonitor {
  input: MonitorInput;
  prepared: PreparedMonitor;
  channels: ChannelLink[];
  notes: string[];
}
interface Plan {
  channels: PlannedChannel[];
  monitors: PlannedMonitor[];
  skipped: SkippedItem[];
  limits: { code: string; message: string }[];
  refusal: ApiError | null;
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return `${issue?.path.length ? `${issue.path.join('.')}: ` : ''}${issue?.message ?? 'Invalid input.'}`;
}

/** A 4xx from a create step (private target, plan feature) skips the item; anything else is a bug. */
function refusalOf(err: unknown): ApiError {
  if (err instanceof ApiError && err.status < 500) return err;
  throw err;
}

export function createImportService(deps: ImportServiceDeps) {
  const { db } = deps;

  async function existingNames(workspaceId: string) {
    const [monitors, channels] = await Promise.all([
      db.selectFrom('monitors').select('name').where('workspace_id', '=', workspaceId).execute(),
      db
        .selectFrom('alert_channels')
        .select(['id', 'name'])
        .where('workspace_id', '=', workspaceId)
        .execute(),
    ]);
    return {
      monitors: new Set(monitors.map((row) => row.name)),
      channels: new Map(channels.map((row) => [row.name, row.id])),
    };
  }

  async function planChannel(caller: Caller, candidate: ChannelCandidate): Promise<PlannedChannel | string> {
    const parsed = channelInputSchema.safeParse(candidate.input);
    if (!parsed.success) return firstIssue(parsed.error);
    try {
      return { prepared: await deps.channels.prepareCreate(caller, parsed.data), notes: candidate.notes };
    } catch (err) {
      return refusalOf(err).message;
    }
  }

  async function planMonitor(
    caller: Caller,
    candidate: MonitorCandidate,
    links: Map<string, ChannelLink[]>,
    skippedChannels: Map<string, string[]>,
    plan: { minIntervalMinutes: number; displayName: string },
  ): Promise<PlannedMonitor | string> {
    const notes = [...candidate.notes];
    const fields = { ...candidate.input, name: candidate.name, ...fitInterval(candidate, plan, notes) };
    const parsed = monitorInputSchemas[candidate.input.kind].safeParse(fields);
    if (!parsed.success) return firstIssue(parsed.error);
    const linked: ChannelLink[] = [];
    for (const ref of candidate.channelRefs) {
      // One source contact may be several channels (an email to several recipients).
      const found = links.get(ref) ?? [];
      const skipped = skippedChannels.get(ref) ?? [];
      linked.push(...found);
      for (const name of skipped) notes.push(`Channel "${name}" was skipped, so it will not alert there.`);
      if (found.length === 0 && skipped.length === 0)
        notes.push(`Alert contact ${ref} is not in the file, so it will not alert there.`);
    }
    if (linked.length === 0) notes.push('No alert channel: alerts go to the account email.');
    try {
      const prepared = await deps.monitors.prepareCreate(caller, parsed.data as MonitorInput);
      return { input: parsed.data as MonitorInput, prepared, channels: linked, notes };
    } catch (err) {
      return refusalOf(err).message;
    }
  }

  async function plan(caller: Caller, source: ImportSource, file: ImportFile) {
    const candidates = storableCandidates(READERS[source](file));
    const [summary, existing] = await Promise.all([
      deps.entitlements.planSummary(caller.workspaceId),
      existingNames(caller.workspaceId),
    ]);
    const result: Plan = {
      channels: [],
      monitors: [],
      skipped: [...candidates.skipped],
      limits: [],
      refusal: null,
    };
    const skip = (type: SkippedItem['type'], name: string, reason: string) =>
      result.skipped.push({ type, name, reason });
    const skippedChannels = new Map<string, string[]>();
    const links = new Map<string, ChannelLink[]>();
    const add = <T>(map: Map<string, T[]>, ref: string, item: T) =>
      map.set(ref, [...(map.get(ref) ?? []), item]);
    for (const item of candidates.skipped)
      if (item.ref !== undefined) add(skippedChannels, item.ref, item.name);
    for (const candidate of candidates.channels) {
      const existingId = existing.channels.get(candidate.name);
      if (existingId !== undefined) {
        skip(
          'channel',
          candidate.name,
          'An alert channel with this name is already here; its monitors alert that one.',
        );
        add(links, candidate.ref, { id: existingId, name: candidate.name });
        continue;
      }
      const planned = await planChannel(caller, candidate);
      if (typeof planned !== 'string') {
        result.channels.push(planned);
        add(links, candidate.ref, { id: planned.prepared.channel.id, name: planned.prepared.channel.name });
      } else {
        skip('channel', candidate.name, planned);
        add(skippedChannels, candidate.ref, candidate.name);
        if (candidate.input.kind === 'webhook' && !summary.features.webhooks) {
          result.limits.push({ code: 'feature_not_in_plan', message: planned });
        }
      }
    }
    const fit = { minIntervalMinutes: summary.minCheckIntervalMinutes, displayName: summary.displayName };
    for (const candidate of candidates.monitors) {
      const planned = existing.monitors.has(candidate.name)
        ? 'A monitor with this name already exists here.'
        : await planMonitor(caller, candidate, links, skippedChannels, fit);
      if (typeof planned === 'string') skip('monitor', candidate.name, planned);
      else result.monitors.push(planned);
    }
    const room = summary.limits.monitors;
    if (!room.unlimited && result.monitors.length > room.remaining) {
      const message = `This import adds ${result.monitors.length} monitors, and the ${summary.displayName} plan has room for ${room.remaining} more (${room.limit} in all). Upgrade, or leave some out of the file.`;
      result.limits.push({ code: 'monitor_limit_reached', message });
      result.refusal = new ApiError(403, 'monitor_limit_reached', message);
    }
    return result;
  }

  return {
    /** The dry run: what would be created, what not and why. Writes nothing. */
    async preview(caller: Caller, source: ImportSource, file: ImportFile): Promise<ImportPreview> {
      const planned = await plan(caller, source, file);
      return {
        source,
        monitors: planned.monitors.map((monitor) => ({
          name: monitor.input.name,
          kind: monitor.input.kind,
          target: monitorTarget(monitor.input),
          intervalSeconds:
            monitor.input.kind === 'heartbeat'
              ? (monitor.input.periodSeconds ?? 0)
              : (monitor.input.intervalMinutes ?? 0) * 60,
          channels: monitor.channels.map((channel) => channel.name),
          notes: monitor.notes,
        })),
        // The target is the channel's own secret-free summary; a webhook's new secret stays out.
        channels: planned.channels.map(({ prepared: { channel }, notes }) => ({
          name: channel.name,
          kind: channel.kind,
          target: channel.target,
          notes,
        })),
        skipped: planned.skipped.map(({ type, name, reason }) => ({ type, name, reason })),
        limits: planned.limits,
        canImport: planned.refusal === null && planned.monitors.length + planned.channels.length > 0,
      };
    },

    /** Creates everything the preview lists in one transaction; a plan limit refuses it whole. */
    async apply(caller: Caller, source: ImportSource, file: ImportFile): Promise<ImportResult> {
      const planned = await plan(caller, source, file);
      if (planned.refusal) throw planned.refusal;
      await db.transaction().execute(async (tx) => {
        for (const channel of planned.channels) await channel.prepared.write(tx);
        for (const monitor of planned.monitors) {
          await monitor.prepared.write(tx);
          const ids = monitor.channels.map((channel) => channel.id);
          await linkChannels(tx, monitor.prepared.id, [...new Set(ids)]);
        }
      });
      await deps.monitors.created(caller.workspaceId, planned.monitors.length);
      return {
        monitors: planned.monitors.map((m) => ({
          id: m.prepared.id,
          name: m.input.name,
          kind: m.input.kind,
        })),
        channels: planned.channels.map(({ prepared: { channel } }) => ({
          id: channel.id,
          name: channel.name,
          kind: channel.kind,
          ...(channel.secret ? { secret: channel.secret } : {}),
        })),
        skipped: planned.skipped.map(({ type, name, reason }) => ({ type, name, reason })),
      };
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
