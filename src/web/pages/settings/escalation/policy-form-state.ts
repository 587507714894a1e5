// The policy editor's state ⇄ the API's payload: numbers are typed as text while editing.
import {
  DEFAULT_WAIT_MINUTES,
  type EscalationPolicy,
  type EscalationPolicyInput,
  escalationPolicyInputSchema,
} from '../../../../core/api/escalation';

export interface StepState {
  /** Keys the step's row while steps are added, removed and moved. */
  key: number;
  channelIds: string[];
  waitMinutes: string;
}

export interface PolicyFormState {
  name: string;
  steps: StepState[];
  repeat: boolean;
  repeatEveryMinutes: string;
  isDefault: boolean;
}

let nextKey = 1;
export function newStep(channelIds: string[] = []): StepState {
  return { key: nextKey++, channelIds, waitMinutes: String(DEFAULT_WAIT_MINUTES) };
}

export function emptyPolicyState(isFirst: boolean): PolicyFormState {
  return { name: '', steps: [newStep()], repeat: false, repeatEveryMinutes: '15', isDefault: isFirst };
}

export function stateFromPolicy(policy: EscalationPolicy): PolicyFormState {
  return {
    name: policy.name,
    steps: policy.steps.map((step) => ({
      ...newStep(step.channelIds),
      waitMinutes: String(step.waitMinutes),
    })),
    repeat: policy.repeatEveryMinutes !== null,
    repeatEveryMinutes: String(policy.repeatEveryMinutes ?? 15),
    isDefault: policy.isDefault,
  };
}

/** The payload, or the first problem in words a person reads (step numbers from 1). */
export function payloadFrom(
  state: PolicyFormState,
): { ok: true; value: EscalationPolicyInput } | { ok: false; message: string } {
  const parsed = escalationPolicyInputSchema.safeParse({
    name: state.name,
    steps: state.steps.map((step) => ({
      channelIds: step.channelIds,
      waitMinutes: Number(step.waitMinutes),
    })),
    repeatEveryMinutes: state.repeat ? Number(state.repeatEveryMinutes) : null,
    isDefault: state.isDefault,
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  const [field, index] = issue?.path ?? [];
  const where = field === 'steps' && typeof index === 'number' ? `Step ${index + 1}: ` : '';
  return { ok: false, message: `${where}${issue?.message ?? 'Check the form.'}` };
}
