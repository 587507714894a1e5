// Everything a public page, its JSON, feed and badges show, read in a bounded number of queries
// (page, monitors, daily rollups, hourly rollups, incidents, their updates, maintenance windows)
// whatever the number of monitors or days.
import type { Kysely } from 'kysely';
import type { MonitorKind, MonitorStatus as ShownStatus } from '../../core/api/monitors.ts';
import type { StatusPageSection } from '../../core/api/status-page-sections.ts';
import type { StatusPageLanguageSetting, StatusPageState } from '../../core/api/status-pages.ts';
import { DAY_MS } from '../history/rollups.ts';
import { openSpan, timeWithin } from '../history/time-spans.ts';
import { windowStart } from '../history/uptime.ts';
import { type PublicMaintenance, publicMaintenance } from '../maintenance/public-windows.ts';
import { kindOf } from '../monitors/kinds/registry.ts';
import { type StalenessFacts, shownStatus as staleOrStored } from '../monitors/staleness.ts';
import type { IncidentSeverity, IncidentStatus } from '../platform/db/incident-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import { type DayBar, dayBars, hourlyResponseTimes, uptimePercent } from './days.ts';
import type { PageAppearance } from './render-appearance.ts';
import { overallState, shownStatus } from './state.ts';

/** Resolved incidents stay on the page this long. */
export const RESOLVED_SHOWN_MS = 14 * DAY_MS;

export interface PublicMonitor {
  id: string;
  name: string;
  /** Its stored status, or `stale` once its checks stopped (monitors/staleness.ts). */
  status: ShownStatus;
  /** A maintenance window covers it now. */
  underMaintenance: boolean;
  days: DayBar[];
  uptime90d: number | null;
  /** Hourly averages of the last 24 hours, when the page shows response times. */
  responseTimes: (number | null)[] | null;
}

export interface PublicIncidentUpdate {
  id: string;
  status: IncidentStatus;
  message: string;
  createdAt: number;
}

export interface PublicIncident {
  id: string;
  title: string;
  status: IncidentStatus;
  severity: IncidentSeverity;
  startedAt: number;
  resolvedAt: number | null;
  monitorIds: string[];
  /** Newest first. */
  updates: PublicIncidentUpdate[];
}

/** A section of the page with the state of its own monitors. */
export interface PublicSection extends StatusPageSection {
  state: StatusPageState;
}

export interface PublicView {
  /** `/status/{slug}`, `/status/monitor/{id}`, or '' at the root of a page's custom domain. */
  path: string;
  title: string;
  description: string | null;
  logoUrl: string | null;
  accentColor: string | null;
  showResponseTimes: boolean;
  removeBranding: boolean;
  /** The owner's choice; 'auto' follows each visitor's browser. */
  language: StatusPageLanguageSetting;
  /** Header links, footer line and favicon; none on a monitor's own page. */
  appearance?: PageAppearance;
  /** Behind a password or for members only: it has no feed. */
  private?: boolean;
  /** Where its subscribe form posts (under PUBLIC_URL at a custom domain); none on private or monitor pages. */
  subscribeUrl?: string | null;
  state: StatusPageState;
  monitors: PublicMonitor[];
  /** Monitors grouped under headings, in display order; monitors in none keep the flat list. */
  sections: PublicSection[];
  activeIncidents: PublicIncident[];
  /** Resolved in the past 14 days, newest first. */
  resolvedIncidents: PublicIncident[];
  /** Every incident of the 90-day window, for the feed. */
  incidents: PublicIncident[];
  /** Maintenance in progress or starting within a week on the page's monitors, soonest first. */
  maintenance: PublicMaintenance[];
  /** Maintenance finished within the past week, latest first. */
  completedMaintenance: PublicMaintenance[];
  generatedAt: number;
}

/** A monitor as a page reads it: enough of its row to tell its status, stale included. */
export interface ViewMonitor extends StalenessFacts {
  id: string;
  kind: MonitorKind;
  name: string;
}

type ViewHeader = Omit<
  PublicView,
  | 'state'
  | 'monitors'
  | 'sections'
  | 'activeIncidents'
  | 'resolvedIncidents'
  | 'incidents'
  | 'maintenance'
  | 'completedMaintenance'
  | 'generatedAt'
> & { sections?: readonly StatusPageSection[] };

/** Adds each incident's public updates, newest first, in one query. */
async function attachUpdates(db: Kysely<Database>, incidents: Map<string, PublicIncident>): Promise<void> {
  if (incidents.size === 0) return;
  const updates = await db
    .selectFrom('incident_updates')
    .select(['id', 'incident_id', 'status', 'message', 'created_at'])
    .where('incident_id', 'in', [...incidents.keys()])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  for (const update of updates) {
    incidents.get(update.incident_id)?.updates.push({
      id: update.id,
      status: update.status,
      message: update.message,
      createdAt: update.created_at,
    });
  }
}

async function loadIncidents(
  db: Kysely<Database>,
  ownerId: string,
  monitors: readonly ViewMonitor[],
  now: number,
): Promise<PublicIncident[]> {
  const ids = monitors.map((monitor) => monitor.id);
  const first = windowStart('90d', now);
  const rows = await db
    .selectFrom('incidents')
    .innerJoin('incident_monitors', 'incident_monitors.incident_id', 'incidents.id')
    .select([
      'incidents.id',
      'incidents.title',
      'incidents.status',
      'incidents.severity',
      'incidents.source',
      'incidents.primary_monitor_id',
      'incidents.started_at',
      'incidents.resolved_at',
      'incidents.flapping_since',
      'incident_monitors.monitor_id',
    ])
    .where('incidents.workspace_id', '=', ownerId)
    .where('incident_monitors.monitor_id', 'in', ids)
    // Open, started inside the bars' 90 days, or resolved recently enough to be listed.
    .where((eb) =>
      eb.or([
        eb('incidents.resolved_at', 'is', null),
        eb('incidents.started_at', '>=', first),
        eb('incidents.resolved_at', '>=', now - RESOLVED_SHOWN_MS),
      ]),
    )
    .orderBy('incidents.started_at', 'desc')
    .orderBy('incidents.id')
    .execute();
  const byId = new Map(monitors.map((monitor) => [monitor.id, monitor]));
  const incidents = new Map<string, PublicIncident>();
  for (const row of rows) {
    let incident = incidents.get(row.id);
    if (!incident) {
      // An automatic incident is titled with the monitor's own name; visitors see the page's.
      const primary = row.primary_monitor_id ? byId.get(row.primary_monitor_id) : undefined;
      // A flapping incident stays open while its monitor is up: it is watched, not down.
      const unstable = row.resolved_at === null && row.flapping_since !== null && primary?.status !== 'down';
      incident = {
        id: row.id,
        title:
          row.source === 'automatic' && primary
            ? `${primary.name} ${unstable ? 'is unstable' : 'is down'}`
            : row.title,
        status: unstable ? 'monitoring' : row.status,
        severity: row.severity,
        startedAt: row.started_at,
        resolvedAt: row.resolved_at,
        monitorIds: [],
        updates: [],
      };
      incidents.set(row.id, incident);
    }
    incident.monitorIds.push(row.monitor_id);
  }
  await attachUpdates(db, incidents);
  return [...incidents.values()];
}

function groupBy<T extends { monitor_id: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.monitor_id);
    if (group) group.push(row);
    else groups.set(row.monitor_id, [row]);
  }
  return groups;
}

/** Builds the view of a set of monitors shown in the given order under the given names. */
export async function buildView(
  db: Kysely<Database>,
  ownerId: string,
  header: ViewHeader,
  monitors: readonly ViewMonitor[],
  now: number,
): Promise<PublicView> {
  const ids = monitors.map((monitor) => monitor.id);
  const [daily, hourly, incidents, maintenance] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .selectFrom('rollups_daily')
          .select([
            'monitor_id',
            'bucket_start',
            'checks',
            'up_checks',
            'maintenance_checks',
            'up_ms',
            'down_ms',
            'maintenance_ms',
          ])
          .where('monitor_id', 'in', ids)
          .where('bucket_start', '>=', windowStart('90d', now))
          .execute(),
    ids.length === 0 || !header.showResponseTimes
      ? []
      : db
          .selectFrom('rollups_hourly')
          .select(['monitor_id', 'bucket_start', 'up_checks', 'latency_sum_ms'])
          .where('monitor_id', 'in', ids)
          .where('bucket_start', '>=', windowStart('24h', now))
          .execute(),
    ids.length === 0 ? [] : loadIncidents(db, ownerId, monitors, now),
    publicMaintenance(db, ownerId, ids, now),
  ]);
  const daysOf = groupBy(daily);
  const hoursOf = groupBy(hourly);
  const publicMonitors = monitors.map((monitor): PublicMonitor => {
    const days = daysOf.get(monitor.id) ?? [];
    const open = openSpan(monitor, now);
    const starts = incidents
      .filter((incident) => incident.monitorIds.includes(monitor.id))
      .map((incident) => incident.startedAt);
    return {
      id: monitor.id,
      name: monitor.name,
      status: staleOrStored(monitor, now),
      underMaintenance: shownStatus(monitor, now) === 'maintenance',
      days: dayBars({ createdAt: monitor.created_at, open }, days, starts, now),
      uptime90d: uptimePercent(days, timeWithin(open, windowStart('90d', now), now)),
      responseTimes:
        header.showResponseTimes && !kindOf(monitor).untimed
          ? hourlyResponseTimes(hoursOf.get(monitor.id) ?? [], now)
          : null,
    };
  });
  const shown = new Map(monitors.map((monitor) => [monitor.id, shownStatus(monitor, now)]));
  // The headline never says all is well above an open incident: its monitors count as degraded at least.
  for (const incident of incidents) {
    if (incident.resolvedAt !== null) continue;
    for (const id of incident.monitorIds) if (shown.get(id) === 'up') shown.set(id, 'degraded');
  }
  return {
    ...header,
    state: overallState([...shown.values()]),
    monitors: publicMonitors,
    sections: (header.sections ?? []).map((section) => ({
      ...section,
      state: overallState(section.monitorIds.flatMap((id) => shown.get(id) ?? [])),
    })),
    activeIncidents: incidents.filter((incident) => incident.resolvedAt === null),
    resolvedIncidents: incidents.filter(
      (incident) => incident.resolvedAt !== null && incident.resolvedAt >= now - RESOLVED_SHOWN_MS,
    ),
    incidents,
    maintenance: maintenance.open,
    completedMaintenance: maintenance.completed,
    generatedAt: now,
  };
}
