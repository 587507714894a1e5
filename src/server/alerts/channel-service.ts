// Alert channels: every verb is scoped to its owner in SQL; configs are sealed before they are
// written; URLs are vetted by the SSRF guard when saved (and again on every send).
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { AlertEvent } from '../../core/alerts/alert-event.ts';
import {
  CHANNEL_CONFIG_SCHEMAS,
  CHANNEL_SECRET_FIELDS,
  type ChannelDetail,
  type ChannelInput,
  type ChannelKind,
  type ChannelList,
  type ChannelUpdate,
  type TestResult,
} from '../../core/api/alerts.ts';
import { FEATURE_IDS, lowestPlanWith } from '../../core/plans.ts';
import { recordAudit } from '../audit/record.ts';
import type { EntitlementsHelper } from '../billing/plan-summary.ts';
import type { Clock } from '../platform/clock.ts';
import type { AlertChannelTable } from '../platform/db/alert-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Caller } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';
import { workspaceOwner } from '../workspaces/owner.ts';
import { DeliveryError, type StoredConfigs } from './channel.ts';
import { type AlertDispatcher, openConfig } from './dispatch.ts';
import { setMonitorChannels } from './monitor-channels.ts';
import { channelOf } from './registry.ts';
import { type SealKey, seal } from './sealed-config.ts';

/** The id 'Send test alert' uses for the built-in account email channel. */
export const ACCOUNT_EMAIL_ID = 'account-email';

export interface ChannelServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  key: SealKey;
  /** The SSRF guard's save-time check: a private target is a 422 private_target. */
  vetUrl(url: string): Promise<void>;
  entitlements: Pick<EntitlementsHelper, 'check'>;
  dispatcher: AlertDispatcher;
}

/** A channel ready to write: `write` runs inside the caller's transaction. */
export interface PreparedChannel {
  channel: ChannelDetail;
  write(tx: Transaction<Database>): Promise<void>;
}

export function channelNotFound(): ApiError {
  return new ApiError(404, 'channel_not_found', 'No alert channel with that id in your account.');
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function present(row: AlertChannelTable, config: StoredConfigs[ChannelKind]): ChannelDetail {
  const target = channelOf(row.kind).target(config as never);
  const fields: Record<string, unknown> = config;
  const secrets: readonly string[] = CHANNEL_SECRET_FIELDS[row.kind];
  const settings = Object.fromEntries(
    Object.entries(fields).filter(([field]) => !secrets.includes(field)),
  ) as ChannelDetail['settings'];
  const secretsSet = secrets.filter((field) => !isBlank(fields[field]));
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    target,
    createdAt: row.created_at,
    settings,
    secretsSet,
  };
}

/** An edit's config with every secret field it leaves out or blank taken from the stored config. */
function keepStoredSecrets(
  kind: ChannelKind,
  given: Record<string, unknown>,
  stored: Record<string, unknown>,
): Record<string, unknown> {
  const config = { ...given };
  for (const field of CHANNEL_SECRET_FIELDS[kind]) {
    if (!isBlank(config[field])) continue;
    if (stored[field] === undefined) delete config[field];
    else config[field] = stored[field];
  }
  return config;
}

function parseConfig(kind: ChannelKind, config: unknown): StoredConfigs[ChannelKind] {
  const parsed = CHANNEL_CONFIG_SCHEMAS[kind].safeParse(config);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `config.${issue.path.join('.')}: ` : 'config: ';
    throw new ApiError(422, 'validation_failed', `${where}${issue?.message ?? 'Invalid input.'}`);
  }
  return parsed.data as StoredConfigs[ChannelKind];
}

function testEvent(now: number): AlertEvent {
  return {
    kind: 'monitor.down',
    at: now,
    monitor: { id: 'test', name: 'Example monitor', url: 'https://example.com/health' },
    incident: null,
    failure: { statusCode: 503, code: null, message: null },
    downtimeMs: null,
  };
}

export function createChannelService({
  db,
  clock,
  key,
  vetUrl,
  entitlements,
  dispatcher,
}: ChannelServiceDeps) {
  async function getRow(workspaceId: string, id: string): Promise<AlertChannelTable> {
    const row = await db
      .selectFrom('alert_channels')
      .selectAll()
      .where('id', '=', id)
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
    if (!row) throw channelNotFound();
    return row;
  }

  async function authorise(workspaceId: string, kind: ChannelKind, config: StoredConfigs[ChannelKind]) {
    if (kind === 'webhook' && !(await entitlements.check(workspaceId, FEATURE_IDS.webhooks))) {
      const plan = lowestPlanWith('webhooks').displayName;
      throw new ApiError(
        403,
        'feature_not_in_plan',
        `Signed webhooks need the ${plan} plan. Upgrade to add a webhook channel, or use Slack, Discord or email.`,
      );
    }
    const url = channelOf(kind).url(config as never);
    if (url) await vetUrl(url);
  }

  /**
   * A new channel authorised (plan, SSRF guard) and sealed, ready to be written in a transaction
   * the caller owns: one channel here, many at once for an import (all or nothing).
   */
  async function prepareCreate(caller: Caller, input: ChannelInput): Promise<PreparedChannel> {
    const workspaceId = caller.workspaceId;
    const config: StoredConfigs[ChannelKind] =
      input.kind === 'webhook'
        ? {
            url: input.config.url,
            secret: input.config.secret ?? `whsec_${randomBytes(24).toString('base64url')}`,
          }
        : input.config;
    await authorise(workspaceId, input.kind, config);
    const row: AlertChannelTable = {
      id: uuidv7(),
      workspace_id: workspaceId,
      kind: input.kind,
      name: input.name,
      config: '',
      created_at: clock.now(),
      managed_key: null,
    };
    row.config = seal(key, JSON.stringify(config), row.id);
    const created = present(row, config);
    return {
      // The signing secret is shown this once; afterwards only the receiver needs it.
      channel: 'secret' in config ? { ...created, secret: config.secret } : created,
      async write(tx) {
        await tx.insertInto('alert_channels').values(row).execute();
        await recordAudit(tx, caller, row.created_at, {
          action: 'channel.create',
          resource: { id: row.id, name: row.name },
        });
      },
    };
  }

  return {
    async list(workspaceId: string): Promise<ChannelList> {
      const [rows, owner] = await Promise.all([
        db
          .selectFrom('alert_channels')
          .selectAll()
          .where('workspace_id', '=', workspaceId)
          .orderBy('created_at')
          .orderBy('id')
          .execute(),
        workspaceOwner(db, workspaceId),
      ]);
      const channels = rows.map((row) => present(row, openConfig(key, row.id, row.config)));
      return { channels, accountEmail: owner?.email ?? '' };
    },

    prepareCreate,

    async create(caller: Caller, input: ChannelInput): Promise<ChannelDetail> {
      const prepared = await prepareCreate(caller, input);
      await db.transaction().execute((tx) => prepared.write(tx));
      return prepared.channel;
    },

    async update(caller: Caller, id: string, update: ChannelUpdate): Promise<ChannelDetail> {
      const workspaceId = caller.workspaceId;
      const row = await getRow(workspaceId, id);
      const current = openConfig(key, row.id, row.config);
      let config = current;
      if (update.config) {
        config = parseConfig(row.kind, keepStoredSecrets(row.kind, update.config, current));
        await authorise(workspaceId, row.kind, config);
      }
      const next = {
        ...row,
        name: update.name ?? row.name,
        config: seal(key, JSON.stringify(config), row.id),
      };
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('alert_channels')
          .set({ name: next.name, config: next.config })
          .where('id', '=', id)
          .where('workspace_id', '=', workspaceId)
          .execute();
        await recordAudit(tx, caller, clock.now(), {
          action: 'channel.update',
          resource: { id, name: next.name },
        });
      });
      return present(next, config);
    },

    async delete(caller: Caller, id: string): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const row = await tx
          .deleteFrom('alert_channels')
          .where('id', '=', id)
          .where('workspace_id', '=', caller.workspaceId)
          .returning('name')
          .executeTakeFirst();
        if (!row) throw channelNotFound();
        await recordAudit(tx, caller, clock.now(), {
          action: 'channel.delete',
          resource: { id, name: row.name },
        });
      });
    },

    async setMonitorChannels(caller: Caller, monitorId: string, channelIds: readonly string[]) {
      return setMonitorChannels(db, caller, clock.now(), monitorId, channelIds);
    },

    /** 'Send test alert': the real dispatch with a sample Down event; the outcome is the answer. */
    async test(caller: Caller, id: string): Promise<TestResult> {
      const workspaceId = caller.workspaceId;
      const row = id === ACCOUNT_EMAIL_ID ? null : await getRow(workspaceId, id);
      // The send writes nothing, so its event stands alone: it is recorded before the network
      // call, which may take seconds, rather than holding a transaction open across it.
      await recordAudit(db, caller, clock.now(), {
        action: 'channel.test',
        resource: { id, name: row?.name ?? 'Account email' },
      });
      try {
        const channel = await dispatcher.resolve(workspaceId, row?.id ?? null);
        await dispatcher.send(workspaceId, channel, testEvent(clock.now()), {
          test: true,
          deliveryId: `test_${uuidv7()}`,
        });
        return { ok: true, error: null };
      } catch (err) {
        if (!(err instanceof DeliveryError)) throw err;
        return { ok: false, error: err.message };
      }
    },
  };
}

export type ChannelService = ReturnType<typeof createChannelService>;
