// Pieces of the public page: a monitor's card with its daily bars and sparkline, and incidents.
import type { MonitorStatus } from '../db/schema.ts';
import type { DayBar } from './days.ts';
import { escapeXml as e, formatDay, formatPercent, formatTime, plural } from './format.ts';
import type { PublicIncident, PublicMonitor } from './public-data.ts';

export const MONITOR_STATUS_LABELS: Record<MonitorStatus, string> = {
  up: 'Operational',
  degraded: 'Degraded performance',
  down: 'Down',
  paused: 'Paused',
  pending: 'No data yet',
};

const INCIDENT_STATUS_LABELS = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
} as const;

/** The per-day tooltip and accessible name. */
export function dayLabel(day: DayBar): string {
  const date = formatDay(day.start);
  if (day.beforeCreated) return `${date}: no data`;
  if (day.uptimePercent === null) {
    return day.incidents ? `${date}: no data, ${plural(day.incidents, 'incident')}` : `${date}: no data`;
  }
  return `${date}: ${formatPercent(day.uptimePercent)} uptime, ${plural(day.downtimeMinutes, 'minute')} down, ${plural(day.incidents, 'incident')}`;
}

function dayClass(day: DayBar): string {
  if (day.beforeCreated || day.uptimePercent === null) return 'n';
  if (day.uptimePercent >= 100) return 'u';
  return day.uptimePercent >= 99 ? 'm' : 'd';
}

/** An SVG polyline of response times; gaps where no check answered. */
export function sparkline(values: readonly (number | null)[]): string {
  const answered = values.filter((value): value is number => value !== null);
  if (answered.length === 0) return '';
  const max = Math.max(...answered, 1);
  const step = 240 / Math.max(values.length - 1, 1);
  let path = '';
  let drawing = false;
  values.forEach((value, index) => {
    if (value === null) {
      drawing = false;
      return;
    }
    path += `${drawing ? 'L' : 'M'}${(index * step).toFixed(1)} ${(34 - (value / max) * 30).toFixed(1)}`;
    drawing = true;
  });
  const average = Math.round(answered.reduce((sum, value) => sum + value, 0) / answered.length);
  const label = `Response time over the last 24 hours: average ${average.toLocaleString('en-US')} ms, highest ${max.toLocaleString('en-US')} ms`;
  return `<svg class="spark" viewBox="0 0 240 36" preserveAspectRatio="none" role="img" aria-label="${e(label)}"><title>${e(label)}</title><path d="${path}" fill="none" stroke="currentColor" stroke-width="1.5" vector-effect="non-scaling-stroke"/></svg>`;
}

function responseTimes(values: readonly (number | null)[]): string {
  const chart = sparkline(values);
  return chart ? `<p class="muted">Response time, last 24 hours</p>${chart}` : '';
}

export function monitorCard(monitor: PublicMonitor): string {
  const bars = monitor.days
    .map((day) => `<li class="${dayClass(day)}" aria-label="${e(dayLabel(day))}"></li>`)
    .join('');
  const uptime = monitor.uptime90d === null ? 'No data' : `${formatPercent(monitor.uptime90d)} uptime`;
  return `<li class="card"><div class="row"><h3>${e(monitor.name)}</h3><span class="s s-${monitor.status}">${MONITOR_STATUS_LABELS[monitor.status]}</span></div>
<ol class="bars" aria-label="${e(`Daily uptime of ${monitor.name}, last 90 days`)}">${bars}</ol>
<div class="row muted"><span>90 days ago</span><span class="uptime">${uptime}</span><span>Today</span></div>${monitor.responseTimes ? responseTimes(monitor.responseTimes) : ''}</li>`;
}

export function timeElement(at: number): string {
  return `<time data-local datetime="${new Date(at).toISOString()}">${formatTime(at)}</time>`;
}

export function incidentArticle(incident: PublicIncident): string {
  const updates = incident.updates
    .map(
      (update) =>
        `<div class="update"><p><strong>${INCIDENT_STATUS_LABELS[update.status]}</strong> · ${timeElement(update.createdAt)}</p><p>${e(update.message)}</p></div>`,
    )
    .join('');
  const span = incident.resolvedAt
    ? `Started ${timeElement(incident.startedAt)} · resolved ${timeElement(incident.resolvedAt)}`
    : `Started ${timeElement(incident.startedAt)}`;
  return `<article class="card"><div class="row"><h3>${e(incident.title)}</h3><span class="s">${INCIDENT_STATUS_LABELS[incident.status]}</span></div><p class="muted">${span}</p>${updates}</article>`;
}
