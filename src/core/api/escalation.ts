// Escalation policy payloads: one schema validates the Settings editor and the API routes.
import { z } from 'zod';

export const MAX_ESCALATION_STEPS = 10;
/** Channels one step may alert: as many as one monitor may. */
export const MAX_STEP_CHANNELS = 20;
/** Waits and repeats are minutes, at most a day. */
export const MAX_ESCALATION_MINUTES = 1440;
export const DEFAULT_WAIT_MINUTES = 10;

const minutes = (what: string) =>
  z
    .number({ error: `${what} is a number of minutes.` })
    .int(`${what} is a whole number of minutes.`)
    .min(1, `${what} is at least 1 minute.`)
    .max(MAX_ESCALATION_MINUTES, `${what} is at most ${MAX_ESCALATION_MINUTES} minutes (a day).`);

const policyName = z
  .string()
  .trim()
  .min(1, 'Give the policy a name.')
  .max(100, 'Names are limited to 100 characters.');

export const escalationStepInputSchema = z.object({
  channelIds: z
    .array(z.string().min(1).max(64))
    .min(1, 'Choose at least one channel for each step.')
    .max(MAX_STEP_CHANNELS, `A step can alert at most ${MAX_STEP_CHANNELS} channels.`),
  waitMinutes: minutes('The wait').meta({
    description:
      'How long to wait for an acknowledgement before the next step fires; unused after the last step (see repeatEveryMinutes)',
  }),
});
export type EscalationStepInput = z.infer<typeof escalationStepInputSchema>;

const steps = z
  .array(escalationStepInputSchema)
  .min(1, 'Add at least one step.')
  .max(MAX_ESCALATION_STEPS, `A policy has at most ${MAX_ESCALATION_STEPS} steps.`);
const repeatEveryMinutes = minutes('The repeat').nullable().meta({
  description: 'Fire the last step again this often until acknowledged or resolved; null: once',
});

export const escalationPolicyInputSchema = z
  .object({
    name: policyName,
    steps,
    repeatEveryMinutes: repeatEveryMinutes.default(null),
    isDefault: z
      .boolean()
      .default(false)
      .meta({ description: "The workspace's default: monitors that chose no policy follow it" }),
  })
  .meta({ id: 'EscalationPolicyInput' });
export type EscalationPolicyInput = z.infer<typeof escalationPolicyInputSchema>;

export const escalationPolicyPatchSchema = z
  .object({ name: policyName, steps, repeatEveryMinutes, isDefault: z.boolean() })
  .partial()
  .meta({ id: 'EscalationPolicyPatch' });
export type EscalationPolicyPatch = z.infer<typeof escalationPolicyPatchSchema>;

export const escalationPolicySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    steps: z.array(
      z.object({
        channelIds: z.array(z.string()).meta({ description: 'Channels deleted since are left out' }),
        waitMinutes: z.number(),
      }),
    ),
    repeatEveryMinutes: z.number().nullable(),
    isDefault: z.boolean(),
    monitorCount: z.number().meta({ description: 'Monitors that chose this policy by name' }),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .meta({ id: 'EscalationPolicy' });
export type EscalationPolicy = z.infer<typeof escalationPolicySchema>;

export const escalationPolicyListSchema = z
  .object({ policies: z.array(escalationPolicySchema).meta({ description: 'Oldest first' }) })
  .meta({ id: 'EscalationPolicyList' });
export type EscalationPolicyList = z.infer<typeof escalationPolicyListSchema>;

export const monitorEscalationInputSchema = z
  .object({
    policyId: z
      .string()
      .min(1)
      .max(64)
      .nullable()
      .meta({ description: "A policy of the workspace; null: follow the workspace's default" }),
  })
  .meta({ id: 'MonitorEscalationInput' });

export const monitorEscalationSchema = z
  .object({
    policyId: z.string().nullable().meta({ description: 'The policy chosen; null: the default' }),
    effective: z
      .object({ id: z.string(), name: z.string(), isDefault: z.boolean() })
      .nullable()
      .meta({ description: 'The policy its outages follow; null: none (plain Down and Recovered alerts)' }),
  })
  .meta({ id: 'MonitorEscalation' });
export type MonitorEscalation = z.infer<typeof monitorEscalationSchema>;
