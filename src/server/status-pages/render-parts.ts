// Pieces of the public page: a monitor's card with its daily bars and sparkline, and incidents.
import type { MonitorStatus } from '../db/schema.ts';
import type { PublicMaintenance } from '../maintenance/public-windows.ts';
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

/** Said once per page, and each strip points to it as its description. */
export const BARS_LEGEND =
  'Each bar is a day (UTC), from 90 days ago to today, with its uptime, then minutes down and incidents when there were any. A date alone means 100% uptime: no downtime and no incidents.';

/** A day with checks, all of them up, and no incident: most days, so its text is shortest. */
const perfect = (day: DayBar) =>
  !day.beforeCreated &&
  day.uptimePercent !== null &&
  day.uptimePercent >= 100 &&
  day.incidents === 0 &&
  day.maintenanceMinutes === 0;

/**
 * A bar's text: its tooltip and its accessible content. A perfect day is its date alone ('Nov
 * 3'; the stylesheet adds ': 100%' and the legend says so), so twenty strips of 90 days keep
 * the page small; other days say their uptime, any failed check adds the minutes down, any
 * incident the count, any maintenance the minutes the uptime leaves out.
 */
export function dayLabel(day: DayBar): string {
  const date = formatDay(day.start);
  if (perfect(day)) return date;
  if (day.beforeCreated) return `${date}: no data`;
  const parts = [day.uptimePercent === null ? 'no data' : formatPercent(day.uptimePercent)];
  if (day.uptimePercent !== null && day.uptimePercent < 100)
    parts.push(`${plural(day.downtimeMinutes, 'minute')} down`);
  if (day.incidents > 0) parts.push(plural(day.incidents, 'incident'));
  if (day.maintenanceMinutes > 0)
    parts.push(`${plural(day.maintenanceMinutes, 'minute')} of maintenance left out`);
  return `${date}: ${parts.join(', ')}`;
}

/** Only a perfect day goes without a class: the stylesheet completes its text. */
function barTag(day: DayBar): string {
  if (perfect(day)) return '<li>';
  if (day.beforeCreated || day.uptimePercent === null) return '<li class=n>';
  if (day.uptimePercent >= 100) return '<li class=u>';
  return day.uptimePercent >= 99 ? '<li class=m>' : '<li class=d>';
}

/**
 * Integer points, one x unit per value (the box is stretched to the card's width), with gaps
 * where no check answered; a value with no answered neighbour becomes a dot, as a lone move
 * draws nothing.
 */
function sparklinePaths(values: readonly (number | null)[], max: number): { line: string; dots: string } {
  const point = (value: number, index: number) => `${index} ${Math.round(34 - (value / max) * 30)}`;
  let line = '';
  let dots = '';
  // Path commands: M starts a run, L its second point; later pairs need only a space, as
  // repeated pairs after an L are lines too.
  let run = 0;
  values.forEach((value, index) => {
    if (value === null) {
      run = 0;
      return;
    }
    const next = values[index + 1] ?? null;
    if (run === 0 && next === null) dots += `M${point(value, index)}h0`;
    else line += `${run === 0 ? 'M' : run === 1 ? 'L' : ' '}${point(value, index)}`;
    run++;
  });
  return { line, dots };
}

/** The response-time line, described in visible text (the chart itself is decorative). */
export function sparkline(values: readonly (number | null)[]): string {
  const answered = values.filter((value): value is number => value !== null);
  if (answered.length === 0) return '';
  const max = Math.max(...answered, 1);
  const average = Math.round(answered.reduce((sum, value) => sum + value, 0) / answered.length);
  const { line, dots } = sparklinePaths(values, max);
  const paths = `${line ? `<path d="${line}"/>` : ''}${dots ? `<path class=dot d="${dots}"/>` : ''}`;
  return `<p class=muted>Response time, last 24 hours: average ${average.toLocaleString('en-US')} ms, highest ${max.toLocaleString('en-US')} ms</p><svg class=spark viewBox="0 0 ${Math.max(values.length - 1, 1)} 36" preserveAspectRatio=none aria-hidden=true>${paths}</svg>`;
}

export function monitorCard(monitor: PublicMonitor): string {
  const bars = monitor.days.map((day) => `${barTag(day)}${dayLabel(day)}`).join('');
  const uptime = monitor.uptime90d === null ? 'No data' : `${formatPercent(monitor.uptime90d)} uptime`;
  const status = monitor.underMaintenance
    ? '<span class="s s-maintenance">Under maintenance</span>'
    : `<span class="s s-${monitor.status}">${MONITOR_STATUS_LABELS[monitor.status]}</span>`;
  return `<li class=card><div class=row><h3>${e(monitor.name)}</h3>${status}</div>
<ol class=bars aria-label="${e(`Daily uptime of ${monitor.name}, last 90 days`)}" aria-describedby=legend>${bars}</ol>
<div class="row muted"><span>90 days ago</span><span class=uptime>${uptime}</span><span>Today</span></div>${monitor.responseTimes ? sparkline(monitor.responseTimes) : ''}</li>`;
}

export function timeElement(at: number): string {
  return `<time data-local datetime="${new Date(at).toISOString()}">${formatTime(at)}</time>`;
}

/** A maintenance occurrence in progress or to come, with the page's monitors it covers by name. */
export function maintenanceArticle(
  maintenance: PublicMaintenance,
  names: ReadonlyMap<string, string>,
): string {
  const affects = maintenance.monitorIds.map((id) => names.get(id) ?? id).join(', ');
  const state = maintenance.inProgress ? 'In progress' : 'Scheduled';
  return `<article class="card"><div class="row"><h3>${e(maintenance.name)}</h3><span class="s s-maintenance">${state}</span></div><p class="muted">${timeElement(maintenance.startsAt)} – ${timeElement(maintenance.endsAt)}</p><p class="muted">Affects ${e(affects)}</p></article>`;
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
