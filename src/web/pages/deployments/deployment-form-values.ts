import {
  type DeploymentFormValues,
  type DeploymentInput,
  deploymentInputSchema,
} from '../../../core/api/deployments';

/** What the form's inputs hold: text as typed, monitors as a set of ids. */
export interface DeploymentDraft {
  version: string;
  environment: string;
  commitSha: string;
  branch: string;
  url: string;
  monitorIds: string[];
  triggerChecks: boolean;
}

export const EMPTY_DRAFT: DeploymentDraft = {
  version: '',
  environment: 'production',
  commitSha: '',
  branch: '',
  url: '',
  monitorIds: [],
  triggerChecks: true,
};

export type DraftField = 'version' | 'environment' | 'commitSha' | 'branch' | 'url' | 'monitorIds';

const FIELD_OF: Record<string, DraftField> = {
  version: 'version',
  environment: 'environment',
  commit_sha: 'commitSha',
  branch: 'branch',
  url: 'url',
  monitor_ids: 'monitorIds',
};

/** Empty inputs are left out, so the server applies its own defaults (e.g. the monitor rule). */
function toBody(draft: DeploymentDraft): DeploymentFormValues {
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    version: text(draft.version),
    environment: text(draft.environment),
    commit_sha: text(draft.commitSha),
    branch: text(draft.branch),
    url: text(draft.url),
    monitor_ids: draft.monitorIds.length > 0 ? draft.monitorIds : undefined,
    trigger_checks: draft.triggerChecks,
  };
}

export type DraftResult =
  | { ok: true; body: DeploymentInput }
  | { ok: false; errors: Partial<Record<DraftField, string>> };

/** Validates with the route's own schema; errors are keyed by the form's fields. */
export function parseDraft(draft: DeploymentDraft): DraftResult {
  const parsed = deploymentInputSchema.safeParse(toBody(draft));
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Partial<Record<DraftField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[String(issue.path[0])];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
