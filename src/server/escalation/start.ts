// Escalation inside the check transaction: an outage opening an incident under a policy alerts
// step 1 at once (with the channels chosen for the monitor), a reopened incident nobody
// acknowledged escalates on, and a recovery reaches everyone the escalation reached.
import type { Transaction } from 'kysely';
import { channelsAlertedFor, chosenChannelsFor } from '../alerts/enqueue.ts';
import type { IncidentTable } from '../platform/db/incident-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import { loadPolicySteps, nextEscalationAt, type PolicySteps, policyIdFor } from './policy-steps.ts';

type Tx = Transaction<Database>;

export interface EscalationStart {
  /** The incident's escalation columns once step 1 fired. */
  columns: Pick<IncidentTable, 'escalation_policy_id' | 'escalation_round' | 'next_escalation_at'>;
  /** Where the Down alert goes: the monitor's chosen channels and step 1's (the account email if neither). */
  channels: (string | null)[];
  /** The timeline's words for it. */
  message: string;
}

function describeStart(policy: PolicySteps): string {
  const count = policy.steps.length;
  const wait = policy.steps[0]?.waitMinutes ?? 0;
  const then =
    count > 1
      ? `step 2 follows after ${wait} min unless someone acknowledges`
      : policy.repeatEveryMinutes !== null
        ? `it repeats every ${policy.repeatEveryMinutes} min until acknowledged`
        : 'no further step';
  return `Escalation policy “${policy.name}”: step 1 of ${count} alerted; ${then}.`;
}

/** Null when the monitor follows no policy: its Down alert goes where it always did. */
export async function startEscalation(
  tx: Tx,
  monitor: { id: string; workspace_id: string },
  now: number,
): Promise<EscalationStart | null> {
  const policyId = await policyIdFor(tx, monitor.workspace_id, monitor.id);
  const policy = policyId ? await loadPolicySteps(tx, monitor.workspace_id, policyId) : null;
  if (!policy || policy.steps.length === 0) return null;
  const chosen = await chosenChannelsFor(tx, monitor.id);
  const channels = [...new Set([...chosen, ...(policy.steps[0]?.channelIds ?? [])])];
  return {
    columns: {
      escalation_policy_id: policy.id,
      escalation_round: 1,
      next_escalation_at: nextEscalationAt(policy, 1, now),
    },
    channels: channels.length > 0 ? channels : [null],
    message: describeStart(policy),
  };
}

/** A reopened incident that escalated and was not acknowledged: the next step's wait starts again. */
export async function resumeEscalation(tx: Tx, incident: IncidentTable, now: number): Promise<void> {
  const round = incident.escalation_round ?? 0;
  if (round === 0 || incident.acknowledged_at !== null || !incident.escalation_policy_id) return;
  const policy = await loadPolicySteps(tx, incident.workspace_id, incident.escalation_policy_id);
  if (!policy || policy.steps.length === 0) return;
  await tx
    .updateTable('incidents')
    .set({ next_escalation_at: nextEscalationAt(policy, round, now) })
    .where('id', '=', incident.id)
    .where('acknowledged_at', 'is', null)
    .execute();
}

/**
 * Where an escalated incident's Recovered alert goes: every channel it alerted (so an on-call
 * tool a later step opened closes its alert) and those chosen for the monitor; undefined for an
 * incident that followed no policy, whose recovery goes where its monitor's alerts go.
 */
export async function recoveryChannels(
  tx: Tx,
  incident: IncidentTable,
  monitorId: string,
): Promise<(string | null)[] | undefined> {
  if ((incident.escalation_round ?? 0) === 0) return undefined;
  const alerted = await channelsAlertedFor(tx, incident.id);
  const chosen = await chosenChannelsFor(tx, monitorId);
  const channels = [...new Set([...alerted, ...chosen])];
  return channels.length > 0 ? channels : undefined;
}
