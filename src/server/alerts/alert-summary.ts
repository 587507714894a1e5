// The words and links every channel uses for one alert, so a Down reads the same in mail,
// Slack, Discord and a webhook payload.
import { STATUS_CODES } from 'node:http';
import type { AlertEvent } from './alert-event.ts';

export interface RenderContext {
  publicUrl: string;
  /** 'Send test alert': the same message, marked as a test and linking to the channel settings. */
  test: boolean;
}

export interface AlertSummary {
  down: boolean;
  /** 'Down' or 'Recovered', the subject's tag. */
  tag: string;
  /** e.g. 'api.example.com — 503 Service Unavailable'. */
  title: string;
  /** e.g. 'api.example.com is down.' */
  headline: string;
  /** Why it is down, or how long it was. */
  detail: string;
  monitorLink: string;
  incidentLink: string | null;
  settingsLink: string;
}

const SUBJECT_DETAIL_LIMIT = 120;

export function summarise(event: AlertEvent, { publicUrl, test }: RenderContext): AlertSummary {
  const down = event.kind === 'monitor.down';
  const name = event.monitor.name;
  const detail = down ? failureReason(event) : `back up after ${formatDuration(event.downtimeMs ?? 0)}`;
  const settingsLink = `${publicUrl}/dashboard/settings/notifications`;
  return {
    down,
    tag: `${test ? 'Test: ' : ''}${down ? 'Down' : 'Recovered'}`,
    title: `${name} — ${truncate(detail, SUBJECT_DETAIL_LIMIT)}`,
    headline: down ? `${name} is down.` : `${name} is back up.`,
    detail,
    monitorLink: test
      ? settingsLink
      : `${publicUrl}/dashboard/monitors/${encodeURIComponent(event.monitor.id)}`,
    incidentLink:
      event.incident && !test
        ? `${publicUrl}/dashboard/incidents/${encodeURIComponent(event.incident.id)}`
        : null,
    settingsLink,
  };
}

export function failureReason(event: AlertEvent): string {
  const failure = event.failure;
  if (failure?.statusCode) {
    const text = STATUS_CODES[failure.statusCode];
    return text ? `${failure.statusCode} ${text}` : `HTTP ${failure.statusCode}`;
  }
  return failure?.message ?? failure?.code ?? 'The check failed';
}

/** '45 s', '12 min', '2 h 5 min', '3 d 4 h': rounded to what a reader cares about. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

function truncate(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}
