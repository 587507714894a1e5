// Performance sites in the file (issue 42, item 8): the monitor by key, the budgets as the API
// takes them, the RUM settings beside them. Sites are written through the performance service (URL
// guard, budgets gate, the plan's site allowance) and RUM through its settings service, which
// makes the site's key the first time RUM is enabled and keeps it: the key is never in the file.
import type { Kysely } from 'kysely';
import type { ConfigPerformanceSite, FieldChange } from '../../core/api/config-file.ts';
import { PLAN_LIST, type Plan } from '../../core/plans.ts';
import type { RumSettingsService } from '../performance/field/rum-settings.ts';
import type { PerformanceService } from '../performance/service.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Caller } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';
import { diffFields } from './fields.ts';
import { assignKeys } from './keys.ts';
import {
  exportBudget,
  exportRum,
  normalisedBudget,
  rumFields,
  type SiteRum,
} from './performance-site-fields.ts';
import type { Section } from './reconcile.ts';

/** A site as the file writes it; `rum` is left out while the site has no RUM settings. */
export type SiteEntry = Omit<ConfigPerformanceSite, 'frequency' | 'rum'> & { rum?: SiteRum };

export interface StoredSite {
  id: string;
  key: string;
  managed: boolean;
  entry: SiteEntry;
}

export async function storedSites(
  db: Kysely<Database>,
  services: { sites: PerformanceService; rum: RumSettingsService },
  workspaceId: string,
  monitorKeys: ReadonlyMap<string, string>,
): Promise<StoredSite[]> {
  const rows = await db
    .selectFrom('performance_sites')
    .select(['id', 'name', 'managed_key'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const answers = new Map((await services.sites.list(workspaceId)).map((site) => [site.id, site]));
  const stored: StoredSite[] = [];
  for (const row of assignKeys(rows, 'site')) {
    const site = answers.get(row.id);
    if (!site) continue;
    const rum = await services.rum.get(workspaceId, site.id);
    const entry: SiteEntry = {
      name: site.name,
      url: site.url,
      device: site.device,
      monitor: site.monitorId === null ? null : (monitorKeys.get(site.monitorId) ?? site.monitorId),
      budgets: site.budgets.map(normalisedBudget),
    };
    if (rum.key !== null) {
      const { enabled, sampleRate, allowedOrigins, routes } = rum;
      entry.rum = { enabled, sampleRate, allowedOrigins, routes };
    }
    stored.push({ id: site.id, key: row.key, managed: Boolean(row.managed_key), entry });
  }
  return stored;
}

/** A site as export writes it: only what differs from the defaults, budgets always. */
export function exportSite({ entry }: StoredSite): ConfigPerformanceSite {
  return {
    name: entry.name,
    url: entry.url,
    ...(entry.device === 'mobile' ? {} : { device: entry.device }),
    ...(entry.monitor === null ? {} : { monitor: entry.monitor }),
    budgets: entry.budgets?.map(exportBudget),
    ...(entry.rum ? { rum: exportRum(entry.rum, entry.url) } : {}),
  } as ConfigPerformanceSite;
}

/** The entry as the site would store it: budgets in their full form, RUM's defaults filled in. */
function normalised(entry: ConfigPerformanceSite): SiteEntry {
  const { frequency: _frequency, rum, budgets, ...site } = entry;
  return {
    ...site,
    budgets: budgets?.map(normalisedBudget),
    rum: rum && {
      enabled: rum.enabled,
      sampleRate: rum.sampleRate,
      allowedOrigins: rum.allowedOrigins ?? [new URL(entry.url).origin],
      routes: rum.routes,
    },
  };
}

/** The plan sets how often sites are measured: a file that needs daily runs needs a daily plan. */
function refuseFrequency(key: string, entry: ConfigPerformanceSite, plan: Plan): void {
  if (entry.frequency !== 'daily' || plan.limits.webVitalsFrequency === 'daily') return;
  const daily = PLAN_LIST.find((candidate) => candidate.limits.webVitalsFrequency === 'daily');
  throw new ApiError(
    403,
    'frequency_not_in_plan',
    `performanceSites.${key}.frequency: sites are measured weekly on the ${plan.displayName} plan; daily measurement needs the ${daily?.displayName ?? 'Starter'} plan or higher.`,
  );
}

export interface SiteSectionDeps {
  caller: Caller;
  sites: PerformanceService;
  rum: RumSettingsService;
  stored: StoredSite[];
  monitorIds: ReadonlyMap<string, string>;
  /** The workspace's plan, which sets how often its sites are measured. */
  plan: Plan;
}

interface SitePlan {
  fields: FieldChange[];
  desired: SiteEntry;
  monitorId: string | null;
  /** Whether the RUM settings are written (the site's key is made on the first write). */
  writeRum: boolean;
}

type SiteUpdate = Parameters<PerformanceService['update']>[2];

export function siteSection(deps: SiteSectionDeps): Section<ConfigPerformanceSite, StoredSite, SitePlan> {
  const { caller, sites, rum, monitorIds } = deps;
  return {
    table: 'performance_sites',
    resource: 'performanceSite',
    stored: deps.stored,
    plan(key, entry, current) {
      refuseFrequency(key, entry, deps.plan);
      const desired = normalised(entry);
      const monitorId = entry.monitor === null ? null : (monitorIds.get(entry.monitor) ?? null);
      if (entry.monitor !== null && monitorId === null) {
        throw new ApiError(
          422,
          'unknown_monitor',
          `performanceSites.${key}.monitor: no monitor has the key "${entry.monitor}".`,
        );
      }
      const { rum: wantedRum, ...wanted } = desired;
      const { rum: currentRum, ...stored } = current?.entry ?? {};
      const siteFields = diffFields(current ? stored : null, wanted);
      const rumChanges = rumFields(currentRum, wantedRum, current !== undefined);
      return { fields: [...siteFields, ...rumChanges], desired, monitorId, writeRum: rumChanges.length > 0 };
    },
    async create(_key, _entry, { desired, monitorId, writeRum }) {
      const { name, url, device, budgets } = desired;
      const site = await sites.create(caller, { name, url, device, monitorId, budgets });
      if (writeRum && desired.rum) await rum.put(caller, site.id, desired.rum);
      return site.id;
    },
    async update(current, _entry, { fields, desired, monitorId, writeRum }) {
      const update: SiteUpdate = {};
      for (const { field } of fields) {
        if (field === 'monitor') update.monitorId = monitorId;
        else if (field === 'name' || field === 'url' || field === 'device' || field === 'budgets') {
          Object.assign(update, { [field]: desired[field] });
        }
      }
      if (Object.keys(update).length > 0) await sites.update(caller, current.id, update);
      if (writeRum && desired.rum) await rum.put(caller, current.id, desired.rum);
    },
    delete: (id) => sites.delete(caller, id),
  };
}
