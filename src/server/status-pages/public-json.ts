// `/status/{slug}.json`: the page's overall status, its components (monitors), their sections,
// maintenance and active incidents. The schema below is the document's contract; the route's output is tested against it.
import { z } from 'zod';
import { INCIDENT_SEVERITIES, INCIDENT_STATUSES } from '../../core/api/incidents.ts';
import { MONITOR_STATUSES } from '../../core/api/monitors.ts';
import { STATUS_PAGE_STATE_LABELS, STATUS_PAGE_STATES } from '../../core/api/status-pages.ts';
import type { PublicMaintenance } from '../maintenance/public-windows.ts';
import type { PublicView } from './public-data.ts';

const isoTime = z.iso.datetime();

const maintenanceJson = z.strictObject({
  name: z.string(),
  startsAt: isoTime,
  endsAt: isoTime,
  componentIds: z.array(z.string()),
  /** The owner's public updates on this occurrence, newest first. */
  updates: z.array(z.strictObject({ message: z.string(), createdAt: isoTime })),
});

export const publicStatusJsonSchema = z.strictObject({
  page: z.strictObject({
    name: z.string(),
    url: z.url(),
    description: z.string().nullable(),
    updatedAt: isoTime,
  }),
  status: z.strictObject({
    state: z.enum(STATUS_PAGE_STATES),
    description: z.string(),
  }),
  components: z.array(
    z.strictObject({
      id: z.string(),
      name: z.string(),
      status: z.enum(MONITOR_STATUSES),
      /** A maintenance window covers it now (its status is then held as it was). */
      underMaintenance: z.boolean(),
      /** Percent over the last 90 days, maintenance left out; null with no checks. */
      uptime90d: z.number().min(0).max(100).nullable(),
    }),
  ),
  /** Components grouped under headings, in display order; [] when the page has none. */
  sections: z.array(
    z.strictObject({
      id: z.string(),
      name: z.string(),
      description: z.string().nullable(),
      state: z.enum(STATUS_PAGE_STATES),
      componentIds: z.array(z.string()),
    }),
  ),
  /** Maintenance in progress or starting within 7 days on the page's components, soonest first. */
  maintenance: z.array(maintenanceJson.extend({ inProgress: z.boolean() })),
  /** The last occurrence of each window that finished within 7 days, latest first. */
  completedMaintenance: z.array(maintenanceJson),
  activeIncidents: z.array(
    z.strictObject({
      id: z.string(),
      title: z.string(),
      status: z.enum(INCIDENT_STATUSES),
      severity: z.enum(INCIDENT_SEVERITIES),
      startedAt: isoTime,
      componentIds: z.array(z.string()),
      updates: z.array(
        z.strictObject({
          id: z.string(),
          status: z.enum(INCIDENT_STATUSES),
          message: z.string(),
          createdAt: isoTime,
        }),
      ),
    }),
  ),
});
export type PublicStatusJson = z.infer<typeof publicStatusJsonSchema>;

const iso = (at: number) => new Date(at).toISOString();

function maintenanceOf(entry: PublicMaintenance) {
  return {
    name: entry.name,
    startsAt: iso(entry.startsAt),
    endsAt: iso(entry.endsAt),
    componentIds: entry.monitorIds,
    updates: entry.updates.map((update) => ({ message: update.message, createdAt: iso(update.createdAt) })),
  };
}

export function toPublicJson(view: PublicView, publicUrl: string): PublicStatusJson {
  return {
    page: {
      name: view.title,
      url: `${publicUrl}${view.path}`,
      description: view.description,
      updatedAt: iso(view.generatedAt),
    },
    status: { state: view.state, description: STATUS_PAGE_STATE_LABELS[view.state] },
    components: view.monitors.map((monitor) => ({
      id: monitor.id,
      name: monitor.name,
      status: monitor.status,
      underMaintenance: monitor.underMaintenance,
      uptime90d: monitor.uptime90d,
    })),
    sections: view.sections.map((section) => ({
      id: section.id,
      name: section.name,
      description: section.description,
      state: section.state,
      componentIds: section.monitorIds,
    })),
    maintenance: view.maintenance.map((entry) => ({
      ...maintenanceOf(entry),
      inProgress: entry.inProgress,
    })),
    completedMaintenance: view.completedMaintenance.map(maintenanceOf),
    activeIncidents: view.activeIncidents.map((incident) => ({
      id: incident.id,
      title: incident.title,
      status: incident.status,
      severity: incident.severity,
      startedAt: iso(incident.startedAt),
      componentIds: incident.monitorIds,
      updates: incident.updates.map((update) => ({
        id: update.id,
        status: update.status,
        message: update.message,
        createdAt: iso(update.createdAt),
      })),
    })),
  };
}
