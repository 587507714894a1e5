// Alert channels in the file: compared with the stored (unsealed) config, secrets by value but
// never shown, written through the channel service so its checks (plan, SSRF guard) still hold.
import type { Kysely } from 'kysely';
import { CHANNEL_SECRET_FIELDS, type ChannelInput } from '../../core/api/alerts.ts';
import { secretVariable } from '../../core/api/config-file.ts';
import type { ChannelService } from '../alerts/channel-service.ts';
import { openConfig } from '../alerts/dispatch.ts';
import type { SealKey } from '../alerts/sealed-config.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Caller } from '../platform/http/caller.ts';
import { diffFields, kindChanged } from './fields.ts';
import { assignKeys } from './keys.ts';
import type { Section } from './reconcile.ts';

export interface StoredChannel {
  id: string;
  key: string;
  managed: boolean;
  entry: ChannelInput;
}

export async function storedChannels(
  db: Kysely<Database>,
  key: SealKey,
  workspaceId: string,
): Promise<StoredChannel[]> {
  const rows = await db
    .selectFrom('alert_channels')
    .select(['id', 'kind', 'name', 'config', 'managed_key'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return assignKeys(rows, 'channel').map((row) => ({
    id: row.id,
    key: row.key,
    managed: row.managed_key !== null,
    entry: { kind: row.kind, name: row.name, config: openConfig(key, row.id, row.config) } as ChannelInput,
  }));
}

/** A channel as export writes it: each secret a `${VAR}` reference, never its value. */
export function exportChannel(channel: StoredChannel): ChannelInput {
  const config: Record<string, unknown> = { ...channel.entry.config };
  for (const field of CHANNEL_SECRET_FIELDS[channel.entry.kind]) {
    if (config[field] !== undefined) config[field] = secretVariable(channel.key, field);
  }
  return { ...channel.entry, config } as ChannelInput;
}

function channelDiff(current: ChannelInput | null, wanted: ChannelInput) {
  const secrets = new Set<string>(CHANNEL_SECRET_FIELDS[wanted.kind]);
  const config = diffFields(
    (current?.config as Record<string, unknown> | undefined) ?? null,
    wanted.config as Record<string, unknown>,
    secrets,
    'config.',
  );
  const top = diffFields(current ? { name: current.name } : null, { name: wanted.name });
  return { fields: [...(current ? [] : [{ field: 'kind', after: wanted.kind }]), ...top, ...config], config };
}

export interface ChannelSectionDeps {
  caller: Caller;
  channels: ChannelService;
  stored: StoredChannel[];
}

/** The file's channels, written through the channel service; a prune leaves monitors the account email. */
export function channelSection({
  caller,
  channels,
  stored,
}: ChannelSectionDeps): Section<ChannelInput, StoredChannel, ReturnType<typeof channelDiff>> {
  return {
    table: 'alert_channels',
    resource: 'alertChannel',
    stored,
    plan(key, entry, current) {
      if (current && current.entry.kind !== entry.kind) {
        throw kindChanged('alertChannels', key, current.entry.kind, entry.kind);
      }
      return channelDiff(current?.entry ?? null, entry);
    },
    create: async (_key, entry) => (await channels.create(caller, entry)).id,
    async update(current, entry, { config }) {
      await channels.update(caller, current.id, {
        name: entry.name,
        ...(config.length > 0 ? { config: entry.config as Record<string, unknown> } : {}),
      });
    },
    delete: (id) => channels.delete(caller, id),
  };
}
