// Web Vitals beside a deployment: for each performance site linked to one of its monitors, the
// last succeeded run that finished before it and the first that finished after. Two queries
// whatever the number of sites: the sites with their two run ids (scalar subqueries), then
// those runs by id; and real visitors' figures of the 24 hours either side (field-impact.ts).
import type { Kysely } from 'kysely';
import type { DeploymentImpact } from '../../core/api/deployments.ts';
import { fieldImpactBySite } from '../performance/field/field-impact.ts';
import type { Database } from '../platform/db/schema.ts';

type SiteVitals = NonNullable<DeploymentImpact['vitals']>[number];
type Vitals = NonNullable<SiteVitals['before']>;

/** Site vitals per monitor id; monitors without a linked site are left out. */
export async function vitalsByMonitor(
  db: Kysely<Database>,
  workspaceId: string,
  deploymentId: string,
  at: number,
): Promise<Map<string, SiteVitals[]>> {
  const sites = await db
    .selectFrom('deployment_monitors')
    .innerJoin('performance_sites', 'performance_sites.monitor_id', 'deployment_monitors.monitor_id')
    .select((eb) => {
      const runId = (side: 'before' | 'after') => {
        const direction = side === 'before' ? 'desc' : 'asc';
        return eb
          .selectFrom('performance_checks as run')
          .select('run.id')
          .whereRef('run.site_id', '=', 'performance_sites.id')
          .where('run.workspace_id', '=', workspaceId)
          .where('run.status', '=', 'succeeded')
          .where('run.finished_at', side === 'before' ? '<' : '>=', at)
          .orderBy('run.finished_at', direction)
          .orderBy('run.id', direction)
          .limit(1);
      };
      return [
        'performance_sites.id',
        'performance_sites.name',
        'performance_sites.monitor_id',
        runId('before').as('before_id'),
        runId('after').as('after_id'),
      ];
    })
    .where('deployment_monitors.deployment_id', '=', deploymentId)
    .where('performance_sites.workspace_id', '=', workspaceId)
    .orderBy('performance_sites.name')
    .orderBy('performance_sites.id')
    .execute();
  const ids = sites.flatMap((site) => [site.before_id, site.after_id]).filter((id) => id !== null);
  const runs =
    ids.length === 0
      ? []
      : await db
          .selectFrom('performance_checks')
          .select(['id', 'performance_score', 'lcp_ms', 'cls', 'tbt_ms'])
          .where('workspace_id', '=', workspaceId)
          .where('id', 'in', ids)
          .execute();
  const byId = new Map<string, Vitals>(
    runs.map((run) => [
      run.id,
      { score: run.performance_score, lcpMs: run.lcp_ms, cls: run.cls, tbtMs: run.tbt_ms },
    ]),
  );
  const field = await fieldImpactBySite(
    db,
    sites.map((site) => site.id),
    at,
  );
  const byMonitor = new Map<string, SiteVitals[]>();
  for (const site of sites) {
    if (site.monitor_id === null) continue;
    const list = byMonitor.get(site.monitor_id) ?? [];
    byMonitor.set(site.monitor_id, list);
    list.push({
      siteId: site.id,
      siteName: site.name,
      before: site.before_id === null ? null : (byId.get(site.before_id) ?? null),
      after: site.after_id === null ? null : (byId.get(site.after_id) ?? null),
      ...(field.has(site.id) ? { field: field.get(site.id) } : {}),
    });
  }
  return byMonitor;
}
