// Escalation policies: every verb scoped to the workspace in SQL; steps name the workspace's own
// channels; at most one default per workspace. Writing them is incident management (a plan
// feature); reading and deleting are not, so a downgraded workspace can still clean up.
import type { Kysely, Transaction } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type {
  EscalationPolicy,
  EscalationPolicyInput,
  EscalationPolicyPatch,
  EscalationStepInput,
} from '../../core/api/escalation.ts';
import { requireOwnChannels } from '../alerts/own-channels.ts';
import { recordAudit } from '../audit/record.ts';
import type { IncidentGate } from '../incidents/gate.ts';
import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db/schema.ts';
import { isUniqueViolation } from '../platform/db/unique-violation.ts';
import type { Caller } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';
import { loadPolicySteps } from './policy-steps.ts';

const STEP_CHANNEL_MISSING = 'A step names an alert channel that is not in your workspace.';

type Tx = Transaction<Database>;

export interface PolicyServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  requireManagement: IncidentGate;
}

export function policyNotFound(): ApiError {
  return new ApiError(
    404,
    'escalation_policy_not_found',
    'No escalation policy with that id exists in your workspace.',
  );
}

async function writeSteps(tx: Tx, policyId: string, steps: readonly EscalationStepInput[]) {
  await tx.deleteFrom('escalation_steps').where('policy_id', '=', policyId).execute();
  const rows = steps.map((step, index) => ({
    id: uuidv7(),
    policy_id: policyId,
    position: index + 1,
    wait_minutes: step.waitMinutes,
  }));
  await tx.insertInto('escalation_steps').values(rows).execute();
  const links = rows.flatMap((row, index) =>
    [...new Set(steps[index]?.channelIds ?? [])].map((channelId) => ({
      step_id: row.id,
      channel_id: channelId,
    })),
  );
  await tx.insertInto('escalation_step_channels').values(links).execute();
}

/** The default is one row: making a policy the default takes it from the one that had it. */
async function takeDefault(tx: Tx, workspaceId: string, policyId: string) {
  await tx
    .updateTable('escalation_policies')
    .set({ is_default: 0 })
    .where('workspace_id', '=', workspaceId)
    .where('is_default', '=', 1)
    .where('id', '!=', policyId)
    .execute();
}

/**
 * Requests that make a default at the same moment (PostgreSQL): each later insert meets an earlier
 * default in the unique index. Written again, it sees that default and takes it over, as it would
 * have a moment later, instead of answering 500. Each round lets at least one writer through.
 */
const DEFAULT_WRITE_ATTEMPTS = 5;

async function writingDefault(isDefault: boolean | undefined, write: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isDefault || !isUniqueViolation(error) || attempt === DEFAULT_WRITE_ATTEMPTS) throw error;
    }
  }
}

export function createPolicyService({ db, clock, requireManagement }: PolicyServiceDeps) {
  async function list(workspaceId: string, onlyId?: string): Promise<EscalationPolicy[]> {
    let query = db
      .selectFrom('escalation_policies')
      .selectAll()
      .select((eb) =>
        eb
          .selectFrom('monitors')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('monitors.escalation_policy_id', '=', 'escalation_policies.id')
          .as('monitor_count'),
      )
      .where('workspace_id', '=', workspaceId)
      .orderBy('created_at')
      .orderBy('id');
    if (onlyId) query = query.where('id', '=', onlyId);
    const rows = await query.execute();
    return Promise.all(
      rows.map(async (row) => {
        const policy = await loadPolicySteps(db, workspaceId, row.id);
        return {
          id: row.id,
          name: row.name,
          steps: (policy?.steps ?? []).map(({ channelIds, waitMinutes }) => ({ channelIds, waitMinutes })),
          repeatEveryMinutes: row.repeat_every_minutes,
          isDefault: row.is_default === 1,
          monitorCount: Number(row.monitor_count ?? 0),
          createdAt: row.created_at,
          updatedAt: row.updated_at,
        };
      }),
    );
  }

  async function get(workspaceId: string, id: string): Promise<EscalationPolicy> {
    const [policy] = await list(workspaceId, id);
    if (!policy) throw policyNotFound();
    return policy;
  }

  return {
    list,
    get,

    async create(caller: Caller, input: EscalationPolicyInput): Promise<EscalationPolicy> {
      const workspaceId = caller.workspaceId;
      await requireManagement(workspaceId);
      await requireOwnChannels(
        db,
        workspaceId,
        input.steps.flatMap((step) => step.channelIds),
        STEP_CHANNEL_MISSING,
      );
      const now = clock.now();
      const id = uuidv7();
      await writingDefault(input.isDefault, () =>
        db.transaction().execute(async (tx) => {
          if (input.isDefault) await takeDefault(tx, workspaceId, id);
          await tx
            .insertInto('escalation_policies')
            .values({
              id,
              workspace_id: workspaceId,
              name: input.name,
              repeat_every_minutes: input.repeatEveryMinutes,
              is_default: input.isDefault ? 1 : 0,
              created_at: now,
              updated_at: now,
            })
            .execute();
          await writeSteps(tx, id, input.steps);
          await recordAudit(tx, caller, now, {
            action: 'escalation_policy.create',
            resource: { id, name: input.name },
          });
        }),
      );
      return get(workspaceId, id);
    },

    async update(caller: Caller, id: string, patch: EscalationPolicyPatch): Promise<EscalationPolicy> {
      const workspaceId = caller.workspaceId;
      const current = await get(workspaceId, id);
      await requireManagement(workspaceId);
      if (patch.steps) {
        await requireOwnChannels(
          db,
          workspaceId,
          patch.steps.flatMap((step) => step.channelIds),
          STEP_CHANNEL_MISSING,
        );
      }
      const now = clock.now();
      await writingDefault(patch.isDefault, () =>
        db.transaction().execute(async (tx) => {
          if (patch.isDefault) await takeDefault(tx, workspaceId, id);
          await tx
            .updateTable('escalation_policies')
            .set({
              name: patch.name ?? current.name,
              repeat_every_minutes:
                patch.repeatEveryMinutes === undefined
                  ? current.repeatEveryMinutes
                  : patch.repeatEveryMinutes,
              is_default: (patch.isDefault ?? current.isDefault) ? 1 : 0,
              updated_at: now,
            })
            .where('id', '=', id)
            .where('workspace_id', '=', workspaceId)
            .execute();
          if (patch.steps) await writeSteps(tx, id, patch.steps);
          await recordAudit(tx, caller, now, {
            action: 'escalation_policy.update',
            resource: { id, name: patch.name ?? current.name },
          });
        }),
      );
      return get(workspaceId, id);
    },

    /** Monitors that chose it follow the default again; incidents escalating under it stop. */
    async delete(caller: Caller, id: string): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const row = await tx
          .deleteFrom('escalation_policies')
          .where('id', '=', id)
          .where('workspace_id', '=', caller.workspaceId)
          .returning('name')
          .executeTakeFirst();
        if (!row) throw policyNotFound();
        await recordAudit(tx, caller, clock.now(), {
          action: 'escalation_policy.delete',
          resource: { id, name: row.name },
        });
      });
    },
  };
}

export type PolicyService = ReturnType<typeof createPolicyService>;
