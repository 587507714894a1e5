// The monitor form's state, its conversion to the API payload, and every error (zod's or the
// server's) mapped onto the field it is about. The zod schema is the same one the route uses,
// so the form shows the server's own messages before a request is made. What differs by kind
// comes from the kind registry; this file knows only the fields every monitor has.
import {
  KIND_FIELDS,
  type Monitor,
  type MonitorInput,
  type MonitorKind,
  monitorInputSchema,
} from '../../../../core/api/monitors';
import type { Plan } from '../../../../core/plans';
import { RequestError } from '../../../lib/api';
import { issuesByField } from '../../../lib/form-issues';
import { emptySections, type KindSections, kindUi } from '../kinds/registry';
import type { FieldErrors } from '../kinds/types';

export type { FieldErrors };

export interface CommonFormState {
  name: string;
  timeoutSeconds: string;
  degradedAboveMs: string;
  intervalSeconds: number;
  /** Shown at /status/monitor/{id} and on its badges. */
  public: boolean;
  /** Warnings before the host's domain expires. */
  domainExpiry: boolean;
}

export interface MonitorFormState {
  kind: MonitorKind;
  common: CommonFormState;
  /** Every kind's fields, so switching kinds in the picker keeps what was typed. */
  sections: KindSections;
}

/** Shared fields inside the collapsed "Advanced" card: an error there opens it. */
export const COMMON_ADVANCED_FIELDS: readonly string[] = ['timeoutSeconds', 'degradedAboveMs'];

/** The server's own default: every 5 minutes, or the plan's minimum when that is longer. */
export function defaultIntervalSeconds(plan: Plan): number {
  return Math.max(5, plan.limits.minCheckIntervalMinutes) * 60;
}

export function emptyFormState(plan: Plan, kind: MonitorKind = 'http'): MonitorFormState {
  return {
    kind,
    common: {
      name: '',
      timeoutSeconds: '30',
      degradedAboveMs: '',
      intervalSeconds: defaultIntervalSeconds(plan),
      public: false,
      domainExpiry: true,
    },
    sections: emptySections(),
  };
}

export function formStateFromMonitor(monitor: Monitor): MonitorFormState {
  return {
    kind: monitor.kind,
    common: {
      name: monitor.name,
      timeoutSeconds: String(monitor.timeoutSeconds),
      degradedAboveMs: monitor.degradedAboveMs === null ? '' : String(monitor.degradedAboveMs),
      intervalSeconds: monitor.intervalSeconds,
      public: monitor.public,
      domainExpiry: monitor.domainExpiry,
    },
    sections: { ...emptySections(), [monitor.kind]: kindUi(monitor.kind).stateFromMonitor(monitor) },
  };
}

function payloadOf(state: MonitorFormState): Record<string, unknown> {
  const { common } = state;
  const interval =
    common.intervalSeconds % 60 === 0
      ? { intervalMinutes: common.intervalSeconds / 60 }
      : { intervalSeconds: common.intervalSeconds };
  const ui = kindUi(state.kind);
  return {
    name: common.name,
    timeoutSeconds: Number(common.timeoutSeconds),
    degradedAboveMs: common.degradedAboveMs.trim() === '' ? null : Number(common.degradedAboveMs),
    public: common.public,
    ...(ui.noHost ? {} : { domainExpiry: common.domainExpiry }),
    ...(ui.ownSchedule ? {} : interval),
    ...ui.payloadOf(state.sections[state.kind]),
  };
}

/** The form field an API field name belongs to, for this kind; null for none. */
function fieldOf(kind: MonitorKind) {
  const known = new Set<string>(['name', 'timeoutSeconds', 'degradedAboveMs', ...KIND_FIELDS[kind]]);
  return (key: PropertyKey | undefined): string | null => {
    if (key === 'intervalMinutes' || key === 'intervalSeconds') return 'interval';
    return typeof key === 'string' && known.has(key) ? key : null;
  };
}

export type Validation =
  | { ok: true; values: MonitorInput }
  | { ok: false; errors: FieldErrors; form: string | null };

/** Validates with the API's schema; the first message per field is the one shown. */
export function validateForm(state: MonitorFormState): Validation {
  const result = monitorInputSchema.safeParse(payloadOf(state));
  if (result.success) return { ok: true, values: result.data };
  const word = kindUi(state.kind).errorMessage;
  const issues = word
    ? result.error.issues.map((issue) => ({ ...issue, message: word(issue.path, issue.message) }))
    : result.error.issues;
  return { ok: false, ...issuesByField(issues, fieldOf(state.kind)) };
}

export interface SubmitFailure {
  fields: FieldErrors;
  /** A message about the whole form, when no field is to blame. */
  form: string | null;
  /** The plan's monitor limit: the form shows the compact Upgrade card. */
  limitReached: boolean;
}

/** Maps an error answer of POST/PATCH /api/v1/monitors onto the form of a monitor of this kind. */
export function submitFailure(error: unknown, kind: MonitorKind): SubmitFailure {
  const none = { fields: {}, form: null, limitReached: false };
  if (!(error instanceof RequestError)) {
    return { ...none, form: 'Could not reach the server. Check your connection and try again.' };
  }
  switch (error.code) {
    case 'monitor_limit_reached':
      return { ...none, limitReached: true };
    case 'interval_below_plan_minimum':
    case 'interval_seconds_test_mode_only':
      return { ...none, fields: { interval: error.message } };
    case 'private_target':
      return { ...none, fields: { [kindUi(kind).targetField]: error.message } };
    case 'validation_failed': {
      // The API words these "path.to.field: message".
      const match = /^([\w.]+): (.*)$/s.exec(error.message);
      const path = match?.[1]?.split('.').map((key) => (/^\d+$/.test(key) ? Number(key) : key)) ?? [];
      const field = fieldOf(kind)(path[0]);
      const word = kindUi(kind).errorMessage ?? ((_path, message) => message);
      if (match?.[2] && field) return { ...none, fields: { [field]: word(path, match[2]) } };
      return { ...none, form: error.message };
    }
    default:
      return { ...none, form: error.message };
  }
}
