// Config apply (issue 22): the whole file in one transaction, all or nothing. The services write
// as they always do, on a handle that joins this transaction; what they would read outside it
// (the plan, the features) is read first, so on SQLite nothing waits for the held connection,
// and what they do after a commit (usage tracking, forgetting cached pages) waits for this one.
import type { Kysely } from 'kysely';
import type {
  ConfigApplyInput,
  ConfigApplyResult,
  ConfigChange,
  ConfigFile,
} from '../../core/api/config-file.ts';
import { PLANS, type Plan } from '../../core/plans.ts';
import type { ChannelService } from '../alerts/channel-service.ts';
import { deriveSealKey } from '../alerts/sealed-config.ts';
import type { EntitlementsHelper } from '../billing/plan-summary.ts';
import type { MonitorPolicyService } from '../escalation/monitor-policy.ts';
import type { PolicyService } from '../escalation/policies.ts';
import type { MaintenanceService } from '../maintenance/service.ts';
import type { MonitorService } from '../monitor-api/service.ts';
import type { RumDirectory } from '../performance/field/rum-directory.ts';
import type { RumSettingsService } from '../performance/field/rum-settings.ts';
import type { PerformanceService } from '../performance/service.ts';
import type { UserPlanSource } from '../plans/user-plan.ts';
import type { Clock } from '../platform/clock.ts';
import { joinTransaction } from '../platform/db/joined-transaction.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Caller } from '../platform/http/caller.ts';
import type { PageDirectory } from '../status-pages/page-directory.ts';
import type { StatusPageService } from '../status-pages/service.ts';
import { channelSection, exportChannel, storedChannels } from './channels.ts';
import { snapshotEntitlements } from './entitlement-snapshot.ts';
import { policySection, storedPolicies } from './escalation.ts';
import { storedWindows, windowSection } from './maintenance.ts';
import { applyMonitorAlerts } from './monitor-alerts.ts';
import { exportMonitors, monitorSection, storedMonitors } from './monitors.ts';
import { exportSite, siteSection, storedSites } from './performance-sites.ts';
import { prune, reconcile } from './reconcile.ts';
import { exportPage, pageSection, storedPages } from './status-pages.ts';

type Directory = Pick<PageDirectory, 'forget'>;
type RumKeys = Pick<RumDirectory, 'forget'>;

interface Services {
  monitors: MonitorService;
  channels: ChannelService;
  pages: StatusPageService;
  windows: MaintenanceService;
  policies: PolicyService;
  monitorPolicies: MonitorPolicyService;
  sites: PerformanceService;
  rum: RumSettingsService;
}

export interface ConfigServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** SECRET_KEY: channel configs are compared unsealed. */
  secret: string;
  plans: UserPlanSource;
  entitlements: EntitlementsHelper;
  directory: Directory;
  /** Where RUM keys are cached for the beacon route: a changed site's is forgotten. */
  rumKeys: RumKeys;
  /** The product's services, built on a given handle with the given plan, features and caches. */
  servicesOn(
    db: Kysely<Database>,
    parts: {
      plans: UserPlanSource;
      entitlements: EntitlementsHelper;
      directory: Directory;
      rumKeys: RumKeys;
    },
  ): Services;
}

/** Thrown to roll a dry run back once its changes are known. */
class DryRun extends Error {}

const byKey = <T extends { key: string }>(items: T[]) =>
  [...items].sort((a, b) => a.key.localeCompare(b.key));

export function createConfigService(deps: ConfigServiceDeps) {
  const key = deriveSealKey(deps.secret);

  async function load(db: Kysely<Database>, services: Services, workspaceId: string) {
    const channels = await storedChannels(db, key, workspaceId);
    const channelKeys = new Map(channels.map((channel) => [channel.id, channel.key]));
    const policies = await storedPolicies(db, services.policies, workspaceId, channelKeys);
    const policyKeys = new Map(policies.map((policy) => [policy.id, policy.key]));
    const monitors = await storedMonitors(db, services.monitors, workspaceId, channelKeys, policyKeys);
    const monitorKeys = new Map(monitors.map((monitor) => [monitor.id, monitor.key]));
    return {
      channels,
      monitors,
      pages: await storedPages(db, services.pages, workspaceId, monitorKeys),
      windows: await storedWindows(db, services.windows, workspaceId, monitorKeys),
      policies,
      sites: await storedSites(db, services, workspaceId, monitorKeys),
    };
  }

  async function applyIn(
    db: Kysely<Database>,
    caller: Caller,
    services: Services,
    { config, prune: pruning, plan }: { config: ConfigFile; prune: boolean; plan: Plan },
  ): Promise<ConfigChange[]> {
    const stored = await load(db, services, caller.workspaceId);
    const channelSpec = channelSection({ caller, channels: services.channels, stored: stored.channels });
    const channels = await reconcile(db, caller, channelSpec, config.alertChannels ?? {});
    const now = deps.clock.now();
    const monitorSpec = monitorSection({
      db,
      caller,
      now,
      monitors: services.monitors,
      stored: stored.monitors,
      channelIds: channels.idsByKey,
    });
    const monitors = await reconcile(db, caller, monitorSpec, config.monitors ?? {});
    const monitorIds = monitors.idsByKey;
    const pageSpec = pageSection({ caller, pages: services.pages, stored: stored.pages, monitorIds });
    const windowSpec = windowSection({
      caller,
      windows: services.windows,
      stored: stored.windows,
      monitorIds,
    });
    const policySpec = policySection({
      caller,
      policies: services.policies,
      stored: stored.policies,
      channelIds: channels.idsByKey,
    });
    const siteSpec = siteSection({
      caller,
      sites: services.sites,
      rum: services.rum,
      stored: stored.sites,
      monitorIds,
      plan,
    });
    const changes = [
      ...channels.changes,
      ...monitors.changes,
      ...(await reconcile(db, caller, pageSpec, config.statusPages ?? {})).changes,
      ...(await reconcile(db, caller, windowSpec, config.maintenanceWindows ?? {})).changes,
    ];
    const policies = await reconcile(db, caller, policySpec, config.escalationPolicies ?? {});
    changes.push(...policies.changes);
    changes.push(...(await reconcile(db, caller, siteSpec, config.performanceSites ?? {})).changes);
    // Monitors name monitors and policies the file may only just have made: their changes are
    // already among the monitors'; this writes them.
    await applyMonitorAlerts(
      {
        db,
        caller,
        now,
        monitorPolicies: services.monitorPolicies,
        monitorIds,
        policyIds: policies.idsByKey,
      },
      monitorSpec.alertSettings,
    );
    // Only the sections the file has are pruned; what refers to others goes first.
    if (pruning && config.statusPages) changes.push(...(await prune(pageSpec, config.statusPages)));
    if (pruning && config.maintenanceWindows) {
      changes.push(...(await prune(windowSpec, config.maintenanceWindows)));
    }
    if (pruning && config.escalationPolicies) {
      changes.push(...(await prune(policySpec, config.escalationPolicies)));
    }
    if (pruning && config.performanceSites) {
      changes.push(...(await prune(siteSpec, config.performanceSites)));
    }
    if (pruning && config.monitors) changes.push(...(await prune(monitorSpec, config.monitors)));
    if (pruning && config.alertChannels) changes.push(...(await prune(channelSpec, config.alertChannels)));
    return changes;
  }

  return {
    async apply(caller: Caller, input: ConfigApplyInput): Promise<ConfigApplyResult> {
      const workspaceId = caller.workspaceId;
      const allowance = await deps.plans.allowanceFor(workspaceId);
      const afterCommit: (() => Promise<void>)[] = [];
      const entitlements = await snapshotEntitlements(deps.entitlements, workspaceId, (step) => {
        afterCommit.push(step);
      });
      const plan = PLANS[(await entitlements.planSummary(workspaceId)).plan];
      const plans: UserPlanSource = {
        allowanceFor: async () => allowance,
        takeMonitor: (tx, workspaceId, given) => deps.plans.takeMonitor(tx, workspaceId, given),
        returnMonitor: (tx, workspaceId) => deps.plans.returnMonitor(tx, workspaceId),
        committed: async (workspaceId, delta) => {
          afterCommit.push(() => deps.plans.committed(workspaceId, delta));
        },
      };
      const directory: Directory = {
        forget: (changed) => {
          afterCommit.push(async () => deps.directory.forget(changed));
        },
      };
      const rumKeys: RumKeys = {
        forget: (key) => {
          afterCommit.push(async () => deps.rumKeys.forget(key));
        },
      };
      let changes: ConfigChange[] = [];
      try {
        await deps.db.transaction().execute(async (tx) => {
          const db = joinTransaction(tx);
          const services = deps.servicesOn(db, { plans, entitlements, directory, rumKeys });
          changes = await applyIn(db, caller, services, { ...input, plan });
          if (input.dryRun) throw new DryRun();
        });
      } catch (err) {
        if (!(err instanceof DryRun)) throw err;
        return { applied: false, changes };
      }
      for (const step of afterCommit) await step();
      return { applied: true, changes };
    },

    /** The workspace as the file writes it, keys in order, secrets as `${VAR}` references. */
    async export(workspaceId: string): Promise<Required<ConfigFile>> {
      const services = deps.servicesOn(deps.db, deps);
      const stored = await load(deps.db, services, workspaceId);
      return {
        alertChannels: Object.fromEntries(
          byKey(stored.channels).map((channel) => [channel.key, exportChannel(channel)]),
        ),
        monitors: exportMonitors(stored.monitors),
        statusPages: Object.fromEntries(byKey(stored.pages).map((page) => [page.key, exportPage(page)])),
        maintenanceWindows: Object.fromEntries(
          byKey(stored.windows).map((window) => [window.key, window.entry]),
        ),
        escalationPolicies: Object.fromEntries(
          byKey(stored.policies).map((policy) => [policy.key, policy.entry]),
        ),
        performanceSites: Object.fromEntries(byKey(stored.sites).map((site) => [site.key, exportSite(site)])),
      };
    },
  };
}

export type ConfigService = ReturnType<typeof createConfigService>;
