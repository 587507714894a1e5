// Before/after figures of a deployment: per affected monitor, its checks in the hour before
// and the hour after, the median latency of those that answered and the share that were down.
// One query over raw results, bounded by the deployment's monitors and the two-hour span, and
// one over their packed hours (a deployment more than two days old); Web Vitals of the monitors'
// linked performance sites beside them (impact-vitals.ts).
import type { Kysely } from 'kysely';
import type { DeploymentImpact } from '../../core/api/deployments.ts';
import { packedSamples } from '../history/packed-read.ts';
import { statusOf } from '../history/result-codes.ts';
import type { Database } from '../platform/db/schema.ts';
import { vitalsByMonitor } from './impact-vitals.ts';
import { getOwnedDeploymentRow } from './repository.ts';

export const IMPACT_WINDOW_MS = 60 * 60_000;

interface Sample {
  status: string;
  total_ms: number;
}

/** Nearest-rank median: the value at rank ceil(n / 2) of the sorted latencies. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length / 2) - 1] ?? null;
}

function windowStats(samples: readonly Sample[]) {
  const down = samples.filter((sample) => sample.status === 'down').length;
  return {
    checks: samples.length,
    // A down check's time is how long it took to fail, not how fast the site answered.
    p50Ms: median(samples.filter((sample) => sample.status !== 'down').map((sample) => sample.total_ms)),
    errorRate: samples.length === 0 ? null : down / samples.length,
  };
}

export async function deploymentImpact(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<DeploymentImpact[]> {
  const deployment = await getOwnedDeploymentRow(db, workspaceId, id);
  const at = deployment.deployed_at;
  const rows = await db
    .selectFrom('deployment_monitors')
    .innerJoin('monitors', 'monitors.id', 'deployment_monitors.monitor_id')
    .leftJoin('check_results', (join) =>
      join
        .onRef('check_results.monitor_seq', '=', 'monitors.seq')
        .on('check_results.checked_at', '>=', at - IMPACT_WINDOW_MS)
        .on('check_results.checked_at', '<', at + IMPACT_WINDOW_MS),
    )
    .select([
      'monitors.id as monitor_id',
      'monitors.name',
      'monitors.seq',
      'check_results.checked_at',
      'check_results.status',
      'check_results.total_ms',
    ])
    .where('deployment_monitors.deployment_id', '=', id)
    .where('monitors.workspace_id', '=', workspaceId)
    .orderBy('monitors.name')
    .orderBy('monitors.id')
    .execute();

  const byMonitor = new Map<string, { name: string; seq: number; before: Sample[]; after: Sample[] }>();
  const add = (
    entry: { before: Sample[]; after: Sample[] },
    checkedAt: number,
    status: number,
    totalMs: number,
  ) => (checkedAt < at ? entry.before : entry.after).push({ status: statusOf(status), total_ms: totalMs });
  for (const row of rows) {
    const entry = byMonitor.get(row.monitor_id) ?? {
      name: row.name,
      seq: Number(row.seq),
      before: [],
      after: [],
    };
    byMonitor.set(row.monitor_id, entry);
    if (row.checked_at === null || row.status === null || row.total_ms === null) continue;
    add(entry, Number(row.checked_at), Number(row.status), Number(row.total_ms));
  }
  // A deployment more than two days old: its monitors' results around it are packed by the hour.
  const monitors = [...byMonitor].map(([monitorId, entry]) => ({ id: monitorId, seq: entry.seq }));
  const window = { after: at - IMPACT_WINDOW_MS - 1, before: at + IMPACT_WINDOW_MS };
  for (const { monitorId, row } of await packedSamples(db, monitors, window)) {
    const entry = byMonitor.get(monitorId);
    if (entry) add(entry, row.checked_at, row.status, row.total_ms);
  }
  const vitals = await vitalsByMonitor(db, workspaceId, id, at);
  return [...byMonitor].map(([monitorId, entry]) => {
    const sites = vitals.get(monitorId);
    return {
      monitorId,
      monitorName: entry.name,
      before: windowStats(entry.before),
      after: windowStats(entry.after),
      ...(sites ? { vitals: sites } : {}),
    };
  });
}
