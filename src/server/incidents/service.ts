// Incident reads for every plan (the monitor's incident list excepted), with the management
// verbs and notes behind the incident_management gate.
import type { Kysely } from 'kysely';
import type { Incident, IncidentListQuery } from '../../core/api/incidents.ts';
import type { EntitlementsHelper } from '../billing/plan-summary.ts';
import { getOwnedMonitorRow } from '../monitors/repository.ts';
import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db/schema.ts';
import { incidentManagementGate } from './gate.ts';
import { listIncidents } from './list.ts';
import { createIncidentManagement } from './manage.ts';
import { createNoteService } from './notes.ts';
import { getOwnedIncidentRow, loadIncident, loadTimeline } from './repository.ts';
import { monitorIncidentStats } from './stats.ts';

export interface IncidentServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  entitlements: Pick<EntitlementsHelper, 'check'>;
}

export function createIncidentService(deps: IncidentServiceDeps) {
  const { db, clock } = deps;
  const requireManagement = incidentManagementGate(deps.entitlements);
  const get = (workspaceId: string, id: string): Promise<Incident> =>
    loadIncident(db, workspaceId, id, clock.now());

  return {
    get,
    list: (workspaceId: string, query: IncidentListQuery) =>
      listIncidents(db, workspaceId, query, clock.now()),

    async timeline(workspaceId: string, id: string) {
      await getOwnedIncidentRow(db, workspaceId, id);
      return { events: await loadTimeline(db, id) };
    },

    async listForMonitor(workspaceId: string, monitorId: string, query: IncidentListQuery) {
      await getOwnedMonitorRow(db, workspaceId, monitorId);
      await requireManagement(workspaceId);
      return listIncidents(db, workspaceId, { ...query, monitorId }, clock.now());
    },

    stats: (workspaceId: string, monitorId: string, days: 30 | 90) =>
      monitorIncidentStats(db, workspaceId, monitorId, days, clock.now()),

    ...createIncidentManagement({ db, clock, requireManagement, get }),
    notes: createNoteService({ db, clock, requireManagement }),
  };
}

export type IncidentService = ReturnType<typeof createIncidentService>;
