// Fires the escalation steps that fell due: incidents nobody acknowledged within the wait. Each
// poll reads only due incidents, from the partial index on `next_escalation_at`. A step fires
// exactly once however many workers run this: the conditional UPDATE on the round number is the
// claim (on PostgreSQL a second worker waits on the row lock, then finds the round moved on),
// and the step's alerts are written in that same transaction.
import type { Kysely, Transaction } from 'kysely';
import type { AlertEvent } from '../../core/alerts/alert-event.ts';
import { formatDuration } from '../../core/duration.ts';
import { FEATURE_IDS } from '../../core/plans.ts';
import { enqueueAlert } from '../alerts/enqueue.ts';
import type { EntitlementsHelper } from '../billing/plan-summary.ts';
import { addIncidentEvent } from '../incidents/timeline.ts';
import { kindOf } from '../monitors/kinds/registry.ts';
import type { Clock } from '../platform/clock.ts';
import type { IncidentTable } from '../platform/db/incident-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import type { WorkerJob } from '../platform/jobs/worker.ts';
import type { Logger } from '../platform/logger.ts';
import { loadPolicySteps, nextEscalationAt, type PolicySteps, stepOfRound } from './policy-steps.ts';

type Tx = Transaction<Database>;

export interface EscalationJobOptions {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  /** Escalation is incident management: a workspace that lost the feature stops escalating. */
  entitlements: Pick<EntitlementsHelper, 'check'>;
  batchSize?: number;
}

/** The per-poll statement (tests explain it): due incidents, earliest first. */
export function dueEscalationsQuery(db: Kysely<Database>, { now, limit }: { now: number; limit: number }) {
  return db
    .selectFrom('incidents')
    .select(['id', 'escalation_round'])
    .where('next_escalation_at', 'is not', null)
    .where('next_escalation_at', '<=', now)
    .orderBy('next_escalation_at')
    .orderBy('id')
    .limit(limit);
}

/** Ends the escalation of an incident still at `round`, saying why on its timeline. */
async function stop(tx: Tx, incident: IncidentTable, round: number, now: number, why: string | null) {
  const result = await tx
    .updateTable('incidents')
    .set({ next_escalation_at: null })
    .where('id', '=', incident.id)
    .where('escalation_round', '=', round)
    .executeTakeFirst();
  if (why && Number(result.numUpdatedRows) === 1)
    await addIncidentEvent(tx, incident.id, now, 'escalated', why);
}

async function fire(tx: Tx, incident: IncidentTable, policy: PolicySteps, seen: number, now: number) {
  const round = seen + 1;
  const { step, repeat } = stepOfRound(policy, round);
  const claimed = await tx
    .updateTable('incidents')
    .set({
      escalation_round: round,
      next_escalation_at: nextEscalationAt(policy, round, now),
      updated_at: now,
    })
    .where('id', '=', incident.id)
    .where('escalation_round', '=', seen)
    .where('acknowledged_at', 'is', null)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;
  const monitor = await tx
    .selectFrom('monitors')
    .selectAll()
    .where('id', '=', incident.primary_monitor_id ?? '')
    .where('workspace_id', '=', incident.workspace_id)
    .executeTakeFirst();
  const unacknowledgedMs = now - incident.created_at;
  const channelIds = policy.steps[step - 1]?.channelIds ?? [];
  const words = `${repeat ? `repeated step ${step}` : `escalated to step ${step}`} of ${policy.steps.length}`;
  await addIncidentEvent(
    tx,
    incident.id,
    now,
    'escalated',
    `Not acknowledged after ${formatDuration(unacknowledgedMs)}: ${words} of “${policy.name}”.`,
  );
  if (!monitor) return true;
  const event: AlertEvent = {
    kind: 'incident.escalated',
    at: now,
    monitor: { id: monitor.id, name: monitor.name, url: kindOf(monitor).target(monitor) },
    incident: { id: incident.id, title: incident.title, startedAt: incident.started_at },
    failure: null,
    downtimeMs: null,
    escalation: { policyName: policy.name, step, steps: policy.steps.length, repeat, unacknowledgedMs },
  };
  // A step whose channels were all deleted since still reaches someone: the account email.
  const channels = channelIds.length > 0 ? channelIds : [null];
  await enqueueAlert(tx, {
    workspaceId: incident.workspace_id,
    incidentId: incident.id,
    event,
    now,
    channels,
  });
  return true;
}

/** Takes one due incident a step further (or ends its escalation); true when a step fired. */
async function escalate(deps: EscalationJobOptions, id: string, seen: number, now: number): Promise<boolean> {
  const { db, entitlements } = deps;
  const incident = await db.selectFrom('incidents').selectAll().where('id', '=', id).executeTakeFirst();
  if (!incident || (incident.escalation_round ?? 0) !== seen) return false;
  const entitled = await entitlements.check(incident.workspace_id, FEATURE_IDS.incidentManagement);
  const policy = incident.escalation_policy_id
    ? await loadPolicySteps(db, incident.workspace_id, incident.escalation_policy_id)
    : null;
  return db.transaction().execute(async (tx) => {
    if (incident.acknowledged_at !== null || incident.resolved_at !== null) {
      await stop(tx, incident, seen, now, null);
      return false;
    }
    if (!entitled) {
      await stop(
        tx,
        incident,
        seen,
        now,
        'Escalation stopped: the plan no longer includes incident management.',
      );
      return false;
    }
    if (!policy || policy.steps.length === 0) {
      await stop(tx, incident, seen, now, 'Escalation stopped: its policy was deleted.');
      return false;
    }
    return fire(tx, incident, policy, seen, now);
  });
}

/** One pass over what is due now; the number of steps fired. */
export async function escalateDue(
  deps: EscalationJobOptions,
  now: number,
): Promise<{ due: number; fired: number }> {
  const due = await dueEscalationsQuery(deps.db, { now, limit: deps.batchSize ?? 25 }).execute();
  let fired = 0;
  for (const row of due) {
    if (await escalate(deps, row.id, row.escalation_round ?? 0, now)) fired++;
  }
  return { due: due.length, fired };
}

export function createEscalationJob(deps: EscalationJobOptions): WorkerJob {
  const log = deps.logger.child({ module: 'escalation' });
  const batchSize = deps.batchSize ?? 25;
  return {
    name: 'escalation',
    async run() {
      const { due, fired } = await escalateDue(deps, deps.clock.now());
      if (fired > 0) log.info({ fired }, 'escalation steps fired');
      return due === batchSize;
    },
  };
}
