// Pieces of the public page, in the page's language: a monitor's card with its daily bars and
// sparkline, sections, maintenance and incidents.
import type { StatusPageState } from '../../core/api/status-pages.ts';
import type { PublicMaintenance } from '../maintenance/public-windows.ts';
import type { DayBar } from './days.ts';
import { escapeXml as e, withMarkup } from './format.ts';
import type { PageLocale } from './i18n/locale.ts';
import type { PublicIncident, PublicMonitor, PublicSection } from './public-data.ts';

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
export function dayLabel(day: DayBar, locale: PageLocale): string {
  const { t } = locale;
  const date = locale.day(day.start);
  if (perfect(day)) return date;
  if (day.beforeCreated) return t.dayLabel(date, t.noData);
  const parts = [day.uptimePercent === null ? t.noData : locale.percent(day.uptimePercent)];
  if (day.uptimePercent !== null && day.uptimePercent < 100)
    parts.push(t.minutesDown(day.downtimeMinutes, locale.count(day.downtimeMinutes)));
  if (day.incidents > 0) parts.push(t.incidentCount(day.incidents, locale.count(day.incidents)));
  if (day.maintenanceMinutes > 0)
    parts.push(t.maintenanceLeftOut(day.maintenanceMinutes, locale.count(day.maintenanceMinutes)));
  return t.dayLabel(date, parts.join(', '));
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
export function sparkline(values: readonly (number | null)[], locale: PageLocale): string {
  const answered = values.filter((value): value is number => value !== null);
  if (answered.length === 0) return '';
  const max = Math.max(...answered, 1);
  const average = Math.round(answered.reduce((sum, value) => sum + value, 0) / answered.length);
  const { line, dots } = sparklinePaths(values, max);
  const paths = `${line ? `<path d="${line}"/>` : ''}${dots ? `<path class=dot d="${dots}"/>` : ''}`;
  const text = locale.t.responseTimes(locale.count(average), locale.count(max));
  return `<p class=muted>${e(text)}</p><svg class=spark viewBox="0 0 ${Math.max(values.length - 1, 1)} 36" preserveAspectRatio=none aria-hidden=true>${paths}</svg>`;
}

/** A monitor's card; in a section its name is a heading one level below the section's. */
export function monitorCard(monitor: PublicMonitor, locale: PageLocale, heading: 'h3' | 'h4' = 'h3'): string {
  const { t } = locale;
  const bars = monitor.days.map((day) => `${barTag(day)}${e(dayLabel(day, locale))}`).join('');
  const uptime = monitor.uptime90d === null ? t.uptimeNoData : t.uptime(locale.percent(monitor.uptime90d));
  const status = monitor.underMaintenance
    ? `<span class="s s-maintenance">${e(t.underMaintenance)}</span>`
    : `<span class="s s-${monitor.status}">${e(t.monitorStatus[monitor.status])}</span>`;
  return `<li class=card><div class=row><${heading}>${e(monitor.name)}</${heading}>${status}</div>
<ol class=bars aria-label="${e(t.dailyUptimeOf(monitor.name))}" aria-describedby=legend>${bars}</ol>
<div class="row muted"><span>${e(t.ninetyDaysAgo)}</span><span class=uptime>${e(uptime)}</span><span>${e(t.today)}</span></div>${monitor.responseTimes ? sparkline(monitor.responseTimes, locale) : ''}</li>`;
}

/** A state's colour, as its monitors' status classes draw it. */
const STATE_CLASS: Record<StatusPageState, string> = {
  operational: 's-up',
  under_maintenance: 's-maintenance',
  degraded: 's-degraded',
  partial_outage: 's-down',
  major_outage: 's-down',
};

/**
 * A section: a `<details>` (it opens and folds without JavaScript) whose summary is its name and
 * the state of its monitors, then its description and its monitors' cards.
 */
export function sectionBlock(
  section: PublicSection,
  monitors: ReadonlyMap<string, PublicMonitor>,
  locale: PageLocale,
): string {
  const cards = section.monitorIds
    .flatMap((id) => monitors.get(id) ?? [])
    .map((monitor) => monitorCard(monitor, locale, 'h4'))
    .join('\n');
  const description = section.description ? `<p class=muted>${e(section.description)}</p>` : '';
  const state = `<span class="s ${STATE_CLASS[section.state]}">${e(locale.t.sectionStates[section.state])}</span>`;
  return `<details class=group${section.collapsed ? '' : ' open'}><summary><h3>${e(section.name)}</h3>${state}</summary>${description}<ul class=plain>${cards}</ul></details>`;
}

export function timeElement(at: number, locale: PageLocale): string {
  return `<time data-local datetime="${new Date(at).toISOString()}">${e(locale.time(at))}</time>`;
}

/** A maintenance occurrence, its state, the page's monitors it covers by name, and its updates. */
export function maintenanceArticle(
  maintenance: PublicMaintenance,
  names: ReadonlyMap<string, string>,
  locale: PageLocale,
): string {
  const { t } = locale;
  const affects = maintenance.monitorIds.map((id) => names.get(id) ?? id).join(', ');
  const updates = maintenance.updates
    .map(
      (update) =>
        `<div class="update"><p class="muted">${timeElement(update.createdAt, locale)}</p><p>${e(update.message)}</p></div>`,
    )
    .join('');
  return `<article class="card"><div class="row"><h3>${e(maintenance.name)}</h3><span class="s s-maintenance">${e(t.maintenanceStates[maintenance.state])}</span></div><p class="muted">${timeElement(maintenance.startsAt, locale)} – ${timeElement(maintenance.endsAt, locale)}</p><p class="muted">${e(t.affects(affects))}</p>${updates}</article>`;
}

export function incidentArticle(incident: PublicIncident, locale: PageLocale): string {
  const { t } = locale;
  const updates = incident.updates
    .map(
      (update) =>
        `<div class="update"><p><strong>${e(t.incidentStatus[update.status])}</strong> · ${timeElement(update.createdAt, locale)}</p><p>${e(update.message)}</p></div>`,
    )
    .join('');
  const started = timeElement(incident.startedAt, locale);
  const span = incident.resolvedAt
    ? withMarkup(t.startedResolved, started, timeElement(incident.resolvedAt, locale))
    : withMarkup(t.started, started);
  return `<article class="card"><div class="row"><h3>${e(incident.title)}</h3><span class="s">${e(t.incidentStatus[incident.status])}</span></div><p class="muted">${span}</p>${updates}</article>`;
}
