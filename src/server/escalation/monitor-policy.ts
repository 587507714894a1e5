// Which escalation policy a monitor's outages follow: one it chose, or (null) the workspace's
// default. Choosing one is incident management; going back to the default never needs a plan.
import type { Kysely } from 'kysely';
import type { MonitorEscalation } from '../../core/api/escalation.ts';
import { recordAudit } from '../audit/record.ts';
import type { IncidentGate } from '../incidents/gate.ts';
import { getOwnedMonitorRow } from '../monitors/repository.ts';
import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Caller } from '../platform/http/caller.ts';
import { policyNotFound } from './policies.ts';
import { policyIdFor } from './policy-steps.ts';

export function createMonitorPolicyService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  requireManagement: IncidentGate;
}) {
  const { db, clock, requireManagement } = deps;

  async function get(workspaceId: string, monitorId: string): Promise<MonitorEscalation> {
    const monitor = await getOwnedMonitorRow(db, workspaceId, monitorId);
    const effectiveId = await policyIdFor(db, workspaceId, monitorId);
    const effective = effectiveId
      ? await db
          .selectFrom('escalation_policies')
          .select(['id', 'name', 'is_default'])
          .where('id', '=', effectiveId)
          .where('workspace_id', '=', workspaceId)
          .executeTakeFirst()
      : undefined;
    return {
      policyId: monitor.escalation_policy_id ?? null,
      effective: effective
        ? { id: effective.id, name: effective.name, isDefault: effective.is_default === 1 }
        : null,
    };
  }

  return {
    get,

    async set(caller: Caller, monitorId: string, policyId: string | null): Promise<MonitorEscalation> {
      const workspaceId = caller.workspaceId;
      const monitor = await getOwnedMonitorRow(db, workspaceId, monitorId);
      if (policyId !== null) {
        const policy = await db
          .selectFrom('escalation_policies')
          .select('id')
          .where('id', '=', policyId)
          .where('workspace_id', '=', workspaceId)
          .executeTakeFirst();
        if (!policy) throw policyNotFound();
        await requireManagement(workspaceId);
      }
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('monitors')
          .set({ escalation_policy_id: policyId })
          .where('id', '=', monitorId)
          .where('workspace_id', '=', workspaceId)
          .execute();
        await recordAudit(tx, caller, clock.now(), {
          action: 'monitor.escalation_policy',
          resource: { id: monitorId, name: monitor.name },
        });
      });
      return get(workspaceId, monitorId);
    },
  };
}

export type MonitorPolicyService = ReturnType<typeof createMonitorPolicyService>;
