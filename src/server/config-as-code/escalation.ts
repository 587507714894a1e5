// Escalation policies in the file: each step's alert channels by key, written through the policy
// service (incident management on the plan, the workspace's own channels, one default).
import type { Kysely } from 'kysely';
import type { ConfigEscalationPolicy, FieldChange } from '../../core/api/config-file.ts';
import type { EscalationPolicyPatch } from '../../core/api/escalation.ts';
import type { PolicyService } from '../escalation/policies.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Caller } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';
import { diffFields } from './fields.ts';
import { assignKeys } from './keys.ts';
import type { Section } from './reconcile.ts';

export interface StoredPolicy {
  id: string;
  key: string;
  managed: boolean;
  entry: ConfigEscalationPolicy;
}

export async function storedPolicies(
  db: Kysely<Database>,
  policies: PolicyService,
  workspaceId: string,
  channelKeys: ReadonlyMap<string, string>,
): Promise<StoredPolicy[]> {
  const rows = await db
    .selectFrom('escalation_policies')
    .select(['id', 'name', 'managed_key'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const answers = new Map((await policies.list(workspaceId)).map((policy) => [policy.id, policy]));
  return assignKeys(rows, 'policy').flatMap((row) => {
    const policy = answers.get(row.id);
    if (!policy) return [];
    const entry: ConfigEscalationPolicy = {
      name: policy.name,
      steps: policy.steps.map((step) => ({
        channels: step.channelIds.map((id) => channelKeys.get(id) ?? id).sort(),
        waitMinutes: step.waitMinutes,
      })),
      repeatEveryMinutes: policy.repeatEveryMinutes,
      isDefault: policy.isDefault,
    };
    return [{ id: row.id, key: row.key, managed: row.managed_key !== null, entry }];
  });
}

export interface PolicySectionDeps {
  caller: Caller;
  policies: PolicyService;
  stored: StoredPolicy[];
  channelIds: ReadonlyMap<string, string>;
}

function stepsOf(key: string, entry: ConfigEscalationPolicy, ids: ReadonlyMap<string, string>) {
  return entry.steps.map((step) => ({
    waitMinutes: step.waitMinutes,
    channelIds: step.channels.map((channel) => {
      const id = ids.get(channel);
      if (!id) {
        throw new ApiError(
          422,
          'unknown_channel',
          `escalationPolicies.${key}.steps: no alert channel has the key "${channel}".`,
        );
      }
      return id;
    }),
  }));
}

interface PolicyPlan {
  fields: FieldChange[];
  /** The steps with their channels' ids, as the service takes them. */
  ids: ReturnType<typeof stepsOf>;
}

export function policySection({
  caller,
  policies,
  stored,
  channelIds,
}: PolicySectionDeps): Section<ConfigEscalationPolicy, StoredPolicy, PolicyPlan> {
  return {
    table: 'escalation_policies',
    resource: 'escalationPolicy',
    stored,
    plan(key, entry, current) {
      // A step alerts its channels all at once: their order means nothing.
      const steps = entry.steps.map((step) => ({ ...step, channels: [...step.channels].sort() }));
      const fields = diffFields(current?.entry ?? null, { ...entry, steps });
      return { fields, ids: stepsOf(key, entry, channelIds) };
    },
    create: async (_key, entry, { ids }) => (await policies.create(caller, { ...entry, steps: ids })).id,
    async update(current, entry, { fields, ids }) {
      const patch: EscalationPolicyPatch = {};
      for (const { field } of fields) {
        if (field === 'steps') patch.steps = ids;
        else Object.assign(patch, { [field]: entry[field as keyof ConfigEscalationPolicy] });
      }
      await policies.update(caller, current.id, patch);
    },
    delete: (id) => policies.delete(caller, id),
  };
}
