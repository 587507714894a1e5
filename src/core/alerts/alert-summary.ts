// The words and links every channel uses for one alert, so a Down reads the same in mail,
// Slack, Discord and a webhook payload.

import { formatDuration } from '../duration.ts';
import { HTTP_REASONS } from '../http-reasons.ts';
import type { AlertEvent } from './alert-event.ts';
import { summariseDomain } from './domain-summary.ts';
import { summariseEscalation } from './escalation-summary.ts';
import { summarisePerformance } from './performance-summary.ts';
import { summariseQuiet } from './quiet-summary.ts';
import { summariseSsl } from './ssl-summary.ts';

export interface RenderContext {
  publicUrl: string;
  /** 'Send test alert': the same message, marked as a test and linking to the channel settings. */
  test: boolean;
  /**
   * The signed one-click link that acknowledges the alert's incident, for the channel it goes to
   * (dispatch.ts signs it); left out where acknowledging is not offered.
   */
  acknowledgeLink?: string | null;
  /** The zone the reader's times are written in (a mail's recipient's); UTC when left out. */
  timeZone?: string;
}

export interface AlertSummary {
  down: boolean;
  /** The colour of the message: red down, green up, amber for certificate warnings, blue for news about an incident (acknowledged). */
  tone: 'down' | 'up' | 'warning' | 'info';
  /** 'Down', 'Recovered', 'Certificate expiring'…: the subject's tag. */
  tag: string;
  /** e.g. 'api.example.com — 503 Service Unavailable'. */
  title: string;
  /** e.g. 'api.example.com is down.' */
  headline: string;
  /** Why it is down, or how long it was. */
  detail: string;
  /** The sentence after the headline in short formats, e.g. 'Reason: 503 Service Unavailable.' */
  description: string;
  /** The mail's paragraph. */
  paragraph: string;
  /** Label / value rows particular to the kind (reason, downtime, the certificate's facts). */
  facts: [string, string][];
  /** How the event's time is labelled, e.g. 'Down since'. */
  atLabel: string;
  monitorLink: string;
  incidentLink: string | null;
  settingsLink: string;
  /** Acknowledges the incident in one click: on Down and escalation alerts of an open incident. */
  acknowledgeLink: string | null;
}

/** Alerts that ask for someone to take the incident on, and so carry the link that does. */
export function asksForAcknowledgement(event: AlertEvent): boolean {
  return event.incident !== null && (event.kind === 'monitor.down' || event.kind === 'incident.escalated');
}

const SUBJECT_DETAIL_LIMIT = 120;

export function summarise(
  event: AlertEvent,
  { publicUrl, test, acknowledgeLink, timeZone = 'UTC' }: RenderContext,
): AlertSummary {
  const name = event.monitor.name;
  const settingsLink = `${publicUrl}/dashboard/settings/notifications`;
  const links = {
    acknowledgeLink: acknowledgeLink && !test && asksForAcknowledgement(event) ? acknowledgeLink : null,
    monitorLink: test
      ? settingsLink
      : `${publicUrl}/dashboard/monitors/${encodeURIComponent(event.monitor.id)}`,
    incidentLink:
      event.incident && !test
        ? `${publicUrl}/dashboard/incidents/${encodeURIComponent(event.incident.id)}`
        : null,
    settingsLink,
  };
  const prefix = test ? 'Test: ' : '';
  if (event.performance) {
    const perf = summarisePerformance(event, event.performance);
    const siteLink = `${publicUrl}/dashboard/performance/${encodeURIComponent(event.performance.siteId)}`;
    return {
      down: false,
      tone: perf.tone,
      tag: `${prefix}${perf.tag}`,
      title: `${name} — ${truncate(perf.titleDetail, SUBJECT_DETAIL_LIMIT)}`,
      headline: perf.headline,
      detail: perf.detail,
      description: perf.detail,
      paragraph: perf.detail,
      facts: perf.facts,
      atLabel: 'Measured at',
      ...links,
      monitorLink: test ? settingsLink : siteLink,
    };
  }
  const warning = event.certificate
    ? summariseSsl(event, event.certificate)
    : event.domain
      ? summariseDomain(event, event.domain)
      : summariseEscalation(event);
  // Certificate and domain warnings and follow-ups on an incident: never a new outage, alike in every channel.
  if (warning) {
    return {
      down: false,
      tone: warning.tone,
      tag: `${prefix}${warning.tag}`,
      title: `${name} — ${truncate(warning.titleDetail, SUBJECT_DETAIL_LIMIT)}`,
      headline: warning.headline,
      detail: warning.detail,
      description: warning.detail,
      paragraph: warning.detail,
      facts: warning.facts,
      atLabel: warning.tone === 'info' || warning.tone === 'down' ? 'At' : 'Checked at',
      ...links,
    };
  }
  const quiet = summariseQuiet(event, { reason: failureReason, duration: formatDuration });
  if (quiet) {
    const { grouped, titleDetail, tag, ...words } = quiet;
    return {
      ...words,
      tag: `${prefix}${tag}`,
      title: grouped
        ? truncate(titleDetail, SUBJECT_DETAIL_LIMIT)
        : `${name} — ${truncate(titleDetail, SUBJECT_DETAIL_LIMIT)}`,
      ...links,
      ...(grouped && !test
        ? { monitorLink: `${publicUrl}/dashboard`, incidentLink: `${publicUrl}/dashboard/incidents` }
        : {}),
    };
  }
  const down = event.kind === 'monitor.down';
  const downtime = formatDuration(event.downtimeMs ?? 0);
  const detail = down ? readableTimes(failureReason(event), timeZone) : `back up after ${downtime}`;
  const held = down && event.flapping ? flappingHold(event.flapping) : null;
  return {
    down,
    tone: down ? 'down' : 'up',
    tag: `${prefix}${down ? 'Down' : 'Recovered'}`,
    title: `${name} — ${truncate(detail, SUBJECT_DETAIL_LIMIT)}`,
    headline: down ? `${name} is down.` : `${name} is back up.`,
    detail,
    description: down ? `Reason: ${detail}.${held ? ` ${held}` : ''}` : `Downtime: ${downtime}.`,
    paragraph: down
      ? `Upwatch confirmed that ${event.monitor.url} is not answering as expected.${held ? ` ${held}` : ''}`
      : `${event.monitor.url} answers as expected again.`,
    facts: down
      ? [['Reason', detail], ...(held ? [['Flapping', held] as [string, string]] : [])]
      : [['Downtime', downtime]],
    atLabel: down ? 'Down since' : 'Recovered at',
    ...links,
  };
}

const ISO_INSTANT = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z\b/g;

/**
 * Check messages name instants as ISO strings (a heartbeat's "No ping since …"): a reader gets
 * them in their own zone, e.g. "Dec 1, 2026, 8:21:09 PM GMT+1".
 */
export function readableTimes(text: string, timeZone: string): string {
  return text.replace(ISO_INSTANT, (iso) => formatInstant(Date.parse(iso), timeZone));
}

/** An instant for a reader, named with its zone: "Jan 5, 2026, 8:30:00 AM UTC". */
export function formatInstant(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'long',
  }).format(at);
}

/** What the alert that starts flapping control says: why, and until when nothing more is sent. */
export function flappingHold({ changes, windowMinutes }: NonNullable<AlertEvent['flapping']>): string {
  return `Flapping: more than ${changes} status changes within ${windowMinutes} minutes. No further alerts for this monitor until it has been stable for ${windowMinutes} minutes.`;
}

export function failureReason(event: AlertEvent): string {
  const failure = event.failure;
  // A keyword or assertion failure answers with a fine status: the status is not what failed.
  const statusFailed = failure?.code === 'status_mismatch' || !failure?.message;
  if (failure?.statusCode && statusFailed) {
    const text = HTTP_REASONS[failure.statusCode];
    return text ? `${failure.statusCode} ${text}` : `HTTP ${failure.statusCode}`;
  }
  // Sentences end where the alert's own punctuation follows ("Reason: …."), so without their stop.
  return failure?.message?.replace(/\.$/, '') ?? failure?.code ?? 'The check failed';
}

function truncate(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}
