// Row shapes of escalation policies and their steps (migration 0030).

export interface EscalationPolicyTable {
  id: string;
  workspace_id: string;
  /** The stable key from upwatch.yaml when a file manages it (migration 0037). */
  managed_key: string | null;
  name: string;
  /** After the last step: fire it again this often until acknowledged or resolved; null: once. */
  repeat_every_minutes: number | null;
  /** 0/1: the policy of every monitor that chose none (at most one per workspace). */
  is_default: number;
  created_at: number;
  updated_at: number;
}

export interface EscalationStepTable {
  id: string;
  policy_id: string;
  /** 1-based order within the policy. */
  position: number;
  /** How long to wait for an acknowledgement after this step before the next one fires. */
  wait_minutes: number;
}

export interface EscalationStepChannelTable {
  step_id: string;
  channel_id: string;
}

export interface EscalationTables {
  escalation_policies: EscalationPolicyTable;
  escalation_steps: EscalationStepTable;
  escalation_step_channels: EscalationStepChannelTable;
}
