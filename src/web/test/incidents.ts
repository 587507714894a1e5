import type {
  Incident,
  IncidentEvent,
  IncidentNote,
  IncidentStats,
  IncidentSummary,
} from '../../core/api/incidents';
import type { PlanId } from '../../core/plans';
import type { MonitorRow } from '../lib/monitors';
import { makePlanCustomer } from './billing';
import { json, type RecordedRequest, TEST_USER } from './fake-server';
import { makeRow } from './monitors';

const NOW = Date.UTC(2025, 2, 3, 12, 0, 0);

export function makeIncidentSummary(overrides: Partial<IncidentSummary> = {}): IncidentSummary {
  return {
    id: 'i-1',
    title: 'Marketing site is down',
    status: 'investigating',
    severity: 'major',
    source: 'automatic',
    flapping: false,
    startedAt: NOW - 600_000,
    acknowledgedAt: null,
    resolvedAt: null,
    durationMs: 600_000,
    primaryMonitor: { id: 'm-1', name: 'Marketing site' },
    relatedMonitorCount: 1,
    ...overrides,
  };
}

export function makeIncident(overrides: Partial<Incident> = {}): Incident {
  return {
    ...makeIncidentSummary(),
    flappingSince: null,
    acknowledgement: null,
    escalation: null,
    monitors: [{ id: 'm-1', name: 'Marketing site', url: 'https://acme.dev', status: 'down', primary: true }],
    latestUpdate: null,
    resolution: { rootCause: null, summary: null, followUps: [] },
    createdAt: NOW - 600_000,
    updatedAt: NOW - 600_000,
    ...overrides,
  };
}

export function makeIncidentEvent(overrides: Partial<IncidentEvent> = {}): IncidentEvent {
  return {
    id: 'e-1',
    at: NOW - 600_000,
    kind: 'detected',
    message: 'Marketing site failed its check: connection refused.',
    actor: null,
    ...overrides,
  };
}

export function makeNote(overrides: Partial<IncidentNote> = {}): IncidentNote {
  return {
    id: 'n-1',
    text: 'Restarted the load balancer.',
    author: { id: TEST_USER.id, name: TEST_USER.name },
    createdAt: NOW - 300_000,
    updatedAt: NOW - 300_000,
    ...overrides,
  };
}

export function makeIncidentStats(overrides: Partial<IncidentStats> = {}): IncidentStats {
  return {
    days: 30,
    windowStart: NOW - 30 * 86_400_000,
    windowEnd: NOW,
    downtimeMs: 754_000,
    incidentCount: 2,
    mttrMs: 377_000,
    mtbfMs: 1_295_623_000,
    ...overrides,
  };
}

type Handler = (request: RecordedRequest) => Response;

/**
 * Fake-server routes for one incident ('i-1') an account on `plan` can read and, with
 * incident management, change: writes update `state`, and each answer is what the API gives.
 */
export function incidentRoutes({
  plan = 'free',
  incident = makeIncident(),
  events = [makeIncidentEvent()],
  notes = [] as IncidentNote[],
  list = [makeIncidentSummary()],
  monitors = [makeRow({ id: 'm-1', name: 'Marketing site' }), makeRow({ id: 'm-2', name: 'API' })],
}: {
  plan?: PlanId;
  incident?: Incident;
  events?: IncidentEvent[];
  notes?: IncidentNote[];
  list?: IncidentSummary[];
  monitors?: MonitorRow[];
} = {}) {
  const state = { incident, events, notes };
  const base = `/api/v1/incidents/${incident.id}`;
  const forbidden = () =>
    json({ error: { code: 'feature_not_in_plan', message: 'Incident management needs Starter.' } }, 403);
  const managed =
    (answer: Handler): Handler =>
    (request) =>
      plan === 'free' ? forbidden() : answer(request);
  const change = (patch: (body: Record<string, unknown>) => Partial<Incident>) =>
    managed((request) => {
      state.incident = { ...state.incident, ...patch((request.body ?? {}) as Record<string, unknown>) };
      return json(state.incident);
    });
  const routes: Record<string, Handler> = {
    'POST /api/billing/customers': () =>
      json(makePlanCustomer(plan, {}, { id: TEST_USER.id, name: TEST_USER.name, email: TEST_USER.email })),
    'GET /api/v1/monitors': () => json({ monitors, nextCursor: null }),
    'GET /api/v1/incidents': () => json({ incidents: list, nextCursor: null }),
    [`GET ${base}`]: () => json(state.incident),
    [`GET ${base}/timeline`]: () => json({ events: state.events }),
    [`GET ${base}/notes`]: managed(() => json({ notes: state.notes })),
    [`POST ${base}/acknowledge`]: change(() => ({ acknowledgedAt: Date.now() })),
    [`PATCH ${base}`]: change((body) => ({
      ...body,
      resolvedAt: body.status === 'resolved' ? Date.now() : state.incident.resolvedAt,
    })),
    [`POST ${base}/updates`]: change((body) => ({
      status: (body.status as Incident['status']) ?? state.incident.status,
      latestUpdate: {
        id: 'u-1',
        status: (body.status as Incident['status']) ?? state.incident.status,
        message: String(body.message),
        author: { id: TEST_USER.id, name: TEST_USER.name },
        createdAt: Date.now(),
      },
    })),
    [`PUT ${base}/monitors`]: change((body) => ({
      monitors: (body.monitorIds as string[]).map((id) => {
        const known = monitors.find((monitor) => monitor.id === id);
        return {
          id,
          name: known?.name ?? id,
          url: known?.target ?? 'https://acme.dev',
          status: known?.status ?? 'up',
          primary: id === state.incident.primaryMonitor?.id,
        };
      }),
    })),
    [`PUT ${base}/resolution`]: change((body) => ({
      resolution: body as Incident['resolution'],
      updatedAt: Date.now(),
    })),
    [`POST ${base}/notes`]: managed((request) => {
      const text = (request.body as { text: string }).text;
      const note = makeNote({ id: `n-${state.notes.length + 10}`, text });
      state.notes = [...state.notes, note];
      return json(note, 201);
    }),
  };
  for (const note of notes) {
    routes[`PATCH ${base}/notes/${note.id}`] = managed((request) => {
      const edited = { ...note, text: (request.body as { text: string }).text, updatedAt: Date.now() };
      state.notes = state.notes.map((other) => (other.id === note.id ? edited : other));
      return json(edited);
    });
    routes[`DELETE ${base}/notes/${note.id}`] = managed(() => {
      state.notes = state.notes.filter((other) => other.id !== note.id);
      return new Response(null, { status: 204 });
    });
  }
  return { routes, state };
}
