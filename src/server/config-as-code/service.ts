// Config apply (issue 22): the whole file in one transaction, all or nothing. The services write
// as they always do, on a handle that joins this transaction; what they would read outside it
// (the plan, the features) is read first, so on SQLite nothing waits for the held connection.
import type { Kysely } from 'kysely';
import type {
  ConfigApplyInput,
  ConfigApplyResult,
  ConfigChange,
  ConfigFile,
} from '../../core/api/config-file.ts';
import { FEATURE_IDS } from '../../core/plans.ts';
import type { ChannelService } from '../alerts/channel-service.ts';
import { deriveSealKey } from '../alerts/sealed-config.ts';
import type { EntitlementsHelper } from '../billing/plan-summary.ts';
import type { Clock } from '../clock.ts';
import { joinTransaction } from '../db/joined-transaction.ts';
import type { Database } from '../db/schema.ts';
import type { Caller } from '../http/session.ts';
import type { MonitorService } from '../monitors/service.ts';
import type { UserPlanSource } from '../plans/user-plan.ts';
import { applyChannels, exportChannel, pruneChannels, storedChannels } from './channels.ts';
import { applyMonitors, exportMonitors, pruneMonitors, storedMonitors } from './monitors.ts';

type Entitlements = Pick<EntitlementsHelper, 'check'>;

export interface ConfigServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** SECRET_KEY: channel configs are compared unsealed. */
  secret: string;
  plans: UserPlanSource;
  entitlements: Entitlements;
  /** The product's services, built on a given handle with the given plan and feature answers. */
  monitorsOn(db: Kysely<Database>, plans: UserPlanSource): MonitorService;
  channelsOn(db: Kysely<Database>, entitlements: Entitlements): ChannelService;
}

/** Thrown to roll a dry run back once its changes are known. */
class DryRun extends Error {}

async function featureSnapshot(entitlements: Entitlements, workspaceId: string): Promise<Entitlements> {
  const ids = Object.values(FEATURE_IDS);
  const allowed = new Map(
    await Promise.all(ids.map(async (id) => [id, await entitlements.check(workspaceId, id)] as const)),
  );
  return { check: async (_userId, featureId) => allowed.get(featureId) ?? false };
}

export function createConfigService(deps: ConfigServiceDeps) {
  const key = deriveSealKey(deps.secret);

  async function load(db: Kysely<Database>, monitors: MonitorService, workspaceId: string) {
    const channels = await storedChannels(db, key, workspaceId);
    const channelKeys = new Map(channels.map((channel) => [channel.id, channel.key]));
    return { channels, monitors: await storedMonitors(db, monitors, workspaceId, channelKeys) };
  }

  async function applyIn(
    db: Kysely<Database>,
    caller: Caller,
    services: { monitors: MonitorService; channels: ChannelService },
    { config, prune }: { config: ConfigFile; prune: boolean },
  ): Promise<ConfigChange[]> {
    const stored = await load(db, services.monitors, caller.workspaceId);
    const channelDeps = { db, caller, channels: services.channels, stored: stored.channels };
    const applied = await applyChannels(channelDeps, config.alertChannels ?? {});
    const monitorDeps = {
      db,
      caller,
      now: deps.clock.now(),
      monitors: services.monitors,
      stored: stored.monitors,
      channelIds: applied.idsByKey,
    };
    const changes = [...applied.changes, ...(await applyMonitors(monitorDeps, config.monitors ?? {}))];
    // Only the sections the file has are pruned; monitors first, so none is left alerting a gone channel.
    if (prune && config.monitors) changes.push(...(await pruneMonitors(monitorDeps, config.monitors)));
    if (prune && config.alertChannels)
      changes.push(...(await pruneChannels(channelDeps, config.alertChannels)));
    return changes;
  }

  return {
    async apply(caller: Caller, input: ConfigApplyInput): Promise<ConfigApplyResult> {
      const workspaceId = caller.workspaceId;
      const allowance = await deps.plans.allowanceFor(workspaceId);
      const entitlements = await featureSnapshot(deps.entitlements, workspaceId);
      const committed: (1 | -1)[] = [];
      const plans: UserPlanSource = {
        allowanceFor: async () => allowance,
        takeMonitor: (tx, userId, given) => deps.plans.takeMonitor(tx, userId, given),
        returnMonitor: (tx, userId) => deps.plans.returnMonitor(tx, userId),
        committed: async (_userId, delta) => {
          committed.push(delta);
        },
      };
      let changes: ConfigChange[] = [];
      try {
        await deps.db.transaction().execute(async (tx) => {
          const db = joinTransaction(tx);
          const services = {
            monitors: deps.monitorsOn(db, plans),
            channels: deps.channelsOn(db, entitlements),
          };
          changes = await applyIn(db, caller, services, input);
          if (input.dryRun) throw new DryRun();
        });
      } catch (err) {
        if (!(err instanceof DryRun)) throw err;
        return { applied: false, changes };
      }
      for (const delta of committed) await deps.plans.committed(workspaceId, delta);
      return { applied: true, changes };
    },

    /** The workspace as the file writes it, keys in order, secrets as `${VAR}` references. */
    async export(workspaceId: string): Promise<Required<ConfigFile>> {
      const stored = await load(deps.db, deps.monitorsOn(deps.db, deps.plans), workspaceId);
      const channels = [...stored.channels].sort((a, b) => a.key.localeCompare(b.key));
      return {
        alertChannels: Object.fromEntries(channels.map((channel) => [channel.key, exportChannel(channel)])),
        monitors: exportMonitors(stored.monitors),
      };
    },
  };
}

export type ConfigService = ReturnType<typeof createConfigService>;
