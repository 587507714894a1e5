// trigger_checks also measures: each affected monitor's linked performance sites get one run
// (reason 'deployment') that does not consume performance_runs. Sites keep their own schedule
// whether or not their monitor is paused, so a paused monitor's sites are measured too.
import type { PerformanceServiceDeps } from '../performance/service.ts';
import { queueDeploymentRuns } from '../performance/service.ts';
import type { Recorded } from './record.ts';

export type RunQueueDeps = Pick<PerformanceServiceDeps, 'db' | 'events' | 'clock'>;

/** Call after recordDeployment's transaction has committed. Returns the queued runs' ids. */
export async function queueRunsFor(
  deps: RunQueueDeps,
  workspaceId: string,
  recorded: Recorded,
): Promise<string[]> {
  const runIds: string[] = [];
  for (const monitorId of recorded.measureMonitorIds) {
    runIds.push(...(await queueDeploymentRuns(deps, workspaceId, monitorId)));
  }
  return runIds;
}
