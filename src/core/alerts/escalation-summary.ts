// The words of escalations (incident.escalated) and acknowledgements (incident.acknowledged):
// both are about an incident already alerted, so they read as follow-ups in every channel.
// summarise() in alert-summary.ts hands these kinds here.

import { formatDuration } from '../duration.ts';
import type { AlertEvent, EscalationAlertFacts } from './alert-event.ts';

export interface EscalationSummaryParts {
  tone: 'down' | 'info';
  tag: string;
  titleDetail: string;
  headline: string;
  detail: string;
  facts: [string, string][];
}

function escalated(event: AlertEvent, e: EscalationAlertFacts): EscalationSummaryParts {
  const after = formatDuration(e.unacknowledgedMs);
  const step = `step ${e.step} of ${e.steps}`;
  const what = e.repeat ? `repeating ${step}` : `escalated to ${step}`;
  return {
    tone: 'down',
    tag: 'Escalated',
    titleDetail: `not acknowledged after ${after}`,
    headline: `${event.monitor.name} is still down and nobody has acknowledged it.`,
    detail: `Not acknowledged after ${after}: ${what} of the escalation policy “${e.policyName}”.`,
    facts: [
      ['Not acknowledged for', after],
      ['Escalation', `${e.repeat ? 'Repeat of step' : 'Step'} ${e.step} of ${e.steps} (“${e.policyName}”)`],
    ],
  };
}

function acknowledged(event: AlertEvent, by: string): EscalationSummaryParts {
  return {
    tone: 'info',
    tag: 'Acknowledged',
    titleDetail: `acknowledged by ${by}`,
    headline: `The outage of ${event.monitor.name} was acknowledged by ${by}.`,
    detail: 'Escalation has stopped. The incident stays open until the monitor recovers.',
    facts: [['Acknowledged by', by]],
  };
}

export function summariseEscalation(event: AlertEvent): EscalationSummaryParts | undefined {
  if (event.escalation) return escalated(event, event.escalation);
  if (event.acknowledgement) return acknowledged(event, event.acknowledgement.by);
  return undefined;
}
