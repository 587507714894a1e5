// Stores one deployment with the monitors it affects, and brings an immediate check forward on
// each of them that is not paused (marked 'deployment', so its result says why it ran). A
// provider's redelivery (same delivery key) returns the deployment stored the first time.
// Performance runs are queued by the caller once this transaction has committed (see
// performance-runs.ts), so a rolled-back deployment never leaves runs behind.

import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { DeploymentProvider, DeploymentStatus } from '../../core/api/deployments.ts';
import { insertWindow } from '../maintenance/insert-window.ts';
import { type MonitorSelection, selectMonitors } from '../maintenance/select-monitors.ts';
import { CHECKABLE_KINDS } from '../monitors/kinds/registry.ts';
import type { Database } from '../platform/db/schema.ts';
import { bringRegionRunsForward } from '../regions/assignment.ts';

export const DEPLOYMENT_CHECK_REASON = 'deployment';

export interface DeploymentDraft {
  provider: DeploymentProvider;
  version: string | null;
  environment: string;
  commitSha: string | null;
  branch: string | null;
  url: string | null;
  status: DeploymentStatus;
  providerUrl: string | null;
  deployedAt: number;
  deliveryKey: string | null;
}

export interface RecordOptions {
  workspaceId: string;
  draft: DeploymentDraft;
  selection: MonitorSelection;
  triggerChecks: boolean;
  now: number;
  /** Puts the affected monitors under maintenance from now for this long (a window named `name`). */
  maintenance?: { minutes: number; name: string };
  /** Runs in the transaction once a new deployment is stored (its audit event). */
  created?: (tx: Kysely<Database>, id: string) => Promise<void>;
}

export interface Recorded {
  id: string;
  /** False for a redelivery. */
  created: boolean;
  /** Affected monitors whose linked performance sites get a run: only when stored with trigger_checks. */
  measureMonitorIds: string[];
}

export async function recordDeployment(
  db: Kysely<Database>,
  { workspaceId, draft, selection, triggerChecks, now, maintenance, created }: RecordOptions,
): Promise<Recorded> {
  return db.transaction().execute(async (tx) => {
    // Chosen inside the transaction, so a monitor deleted meanwhile is not linked.
    const monitors = await selectMonitors(tx, workspaceId, selection);
    const id = uuidv7();
    const inserted = await tx
      .insertInto('deployments')
      .values({
        id,
        workspace_id: workspaceId,
        provider: draft.provider,
        version: draft.version,
        environment: draft.environment,
        commit_sha: draft.commitSha,
        branch: draft.branch,
        url: draft.url,
        status: draft.status,
        provider_url: draft.providerUrl,
        delivery_key: draft.deliveryKey,
        deployed_at: draft.deployedAt,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['workspace_id', 'provider', 'delivery_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      const existing = await tx
        .selectFrom('deployments')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .where('provider', '=', draft.provider)
        .where('delivery_key', '=', draft.deliveryKey)
        .executeTakeFirstOrThrow();
      return { id: existing.id, created: false, measureMonitorIds: [] };
    }
    const triggered = new Set<string>();
    const runnable = monitors.filter((monitor) => monitor.paused === 0).map((monitor) => monitor.id);
    if (triggerChecks && runnable.length > 0) {
      const due = await tx
        .updateTable('monitors')
        .set({ next_run_at: now, check_reason: DEPLOYMENT_CHECK_REASON })
        .where('workspace_id', '=', workspaceId)
        .where('paused', '=', 0)
        // A heartbeat is due when its job pings, not when a deployment lands.
        .where('kind', 'in', CHECKABLE_KINDS)
        .where('id', 'in', runnable)
        .returning('id')
        .execute();
      for (const { id: monitorId } of due) triggered.add(monitorId);
      await bringRegionRunsForward(tx, [...triggered], now);
    }
    if (monitors.length > 0) {
      await tx
        .insertInto('deployment_monitors')
        .values(
          monitors.map((monitor) => ({
            deployment_id: id,
            monitor_id: monitor.id,
            triggered: triggered.has(monitor.id) ? 1 : 0,
          })),
        )
        .execute();
    }
    if (maintenance && monitors.length > 0) {
      await insertWindow(
        tx,
        {
          workspaceId: workspaceId,
          name: maintenance.name,
          startsAt: now,
          durationMinutes: maintenance.minutes,
          monitorIds: monitors.map((monitor) => monitor.id),
          recurrence: null,
          deploymentId: id,
        },
        now,
      );
    }
    const measureMonitorIds = triggerChecks ? monitors.map((monitor) => monitor.id) : [];
    await created?.(tx, id);
    return { id, created: true, measureMonitorIds };
  });
}
