// A policy's steps as the engine reads them (the Down alert, the escalation job, a reopened
// incident), and when the step after a given round is due.
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.ts';

const MINUTE = 60_000;

export interface PolicySteps {
  id: string;
  name: string;
  repeatEveryMinutes: number | null;
  /** In order; a step's channels deleted since are left out, so a step may have none. */
  steps: { waitMinutes: number; channelIds: string[] }[];
}

export async function loadPolicySteps(
  db: Kysely<Database>,
  workspaceId: string,
  policyId: string,
): Promise<PolicySteps | null> {
  const policy = await db
    .selectFrom('escalation_policies')
    .select(['id', 'name', 'repeat_every_minutes'])
    .where('id', '=', policyId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (!policy) return null;
  const steps = await db
    .selectFrom('escalation_steps')
    .select(['id', 'wait_minutes'])
    .where('policy_id', '=', policyId)
    .orderBy('position')
    .execute();
  const links =
    steps.length === 0
      ? []
      : await db
          .selectFrom('escalation_step_channels')
          .innerJoin('alert_channels', 'alert_channels.id', 'escalation_step_channels.channel_id')
          .select(['escalation_step_channels.step_id', 'alert_channels.id'])
          .where(
            'escalation_step_channels.step_id',
            'in',
            steps.map((step) => step.id),
          )
          .where('alert_channels.workspace_id', '=', workspaceId)
          .orderBy('alert_channels.created_at')
          .orderBy('alert_channels.id')
          .execute();
  return {
    id: policy.id,
    name: policy.name,
    repeatEveryMinutes: policy.repeat_every_minutes,
    steps: steps.map((step) => ({
      waitMinutes: step.wait_minutes,
      channelIds: links.filter((link) => link.step_id === step.id).map((link) => link.id),
    })),
  };
}

/** The policy a monitor's outages follow: the one it chose, else the workspace's default, else none. */
export async function policyIdFor(
  db: Kysely<Database>,
  workspaceId: string,
  monitorId: string,
): Promise<string | null> {
  const monitor = await db
    .selectFrom('monitors')
    .select('escalation_policy_id')
    .where('id', '=', monitorId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (monitor?.escalation_policy_id) return monitor.escalation_policy_id;
  const fallback = await db
    .selectFrom('escalation_policies')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('is_default', '=', 1)
    .executeTakeFirst();
  return fallback?.id ?? null;
}

/**
 * When the next step fires after `round` steps fired (the last at `from`): the fired step's
 * wait later, or once the last step fired, the repeat interval later; null when nothing follows.
 */
export function nextEscalationAt(policy: PolicySteps, round: number, from: number): number | null {
  const count = policy.steps.length;
  if (round < count) return from + (policy.steps[round - 1]?.waitMinutes ?? 0) * MINUTE;
  return policy.repeatEveryMinutes === null ? null : from + policy.repeatEveryMinutes * MINUTE;
}

/** The step a round fires (1-based), and whether it is a repeat of the last one. */
export function stepOfRound(policy: PolicySteps, round: number): { step: number; repeat: boolean } {
  const count = policy.steps.length;
  return { step: Math.min(round, count), repeat: round > count };
}
