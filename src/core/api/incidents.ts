// Incident payloads: one schema validates the web forms and the API routes.
import { z } from 'zod';
import { DEPLOYMENT_PROVIDERS } from './deployments.ts';
import { MONITOR_STATUSES } from './monitors.ts';

export const INCIDENT_STATUSES = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
export const INCIDENT_STATUS_LABELS: Record<IncidentStatus, string> = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
};
export const INCIDENT_SEVERITIES = ['minor', 'major', 'critical'] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];
export const INCIDENT_SEVERITY_LABELS: Record<IncidentSeverity, string> = {
  minor: 'Minor',
  major: 'Major',
  critical: 'Critical',
};
export const INCIDENT_SOURCES = ['automatic', 'manual'] as const;
export const INCIDENT_EVENT_KINDS = [
  'detected',
  'confirmed',
  'alert_sent',
  'alert_failed',
  'acknowledged',
  'escalated',
  'status_changed',
  'title_changed',
  'severity_changed',
  'update_posted',
  'note_added',
  'note_edited',
  'note_deleted',
  'monitors_changed',
  'resolution_updated',
  'recovered',
  'reopened',
  'flapping',
  'resolved',
] as const;

export const MAX_TITLE_CHARS = 200;
export const MAX_NOTE_CHARS = 10_000;
export const MAX_UPDATE_CHARS = 5_000;
/** Monitors one request may link to an incident. */
export const MAX_INCIDENT_MONITORS = 100;

const title = z
  .string()
  .trim()
  .min(1, 'Give the incident a title.')
  .max(MAX_TITLE_CHARS, `Titles are limited to ${MAX_TITLE_CHARS} characters.`);
const updateMessage = z
  .string()
  .trim()
  .min(1, 'Write the update.')
  .max(MAX_UPDATE_CHARS, `Updates are limited to ${MAX_UPDATE_CHARS.toLocaleString('en-US')} characters.`);
const monitorIds = z
  .array(z.string().min(1).max(64))
  .max(MAX_INCIDENT_MONITORS, `At most ${MAX_INCIDENT_MONITORS} monitors per incident.`);
const longText = (what: string) =>
  z
    .string()
    .trim()
    .max(MAX_NOTE_CHARS, `${what} is limited to ${MAX_NOTE_CHARS.toLocaleString('en-US')} characters.`);

const monitorRefSchema = z.object({ id: z.string(), name: z.string() });
const actorSchema = z
  .object({ id: z.string(), name: z.string() })
  .nullable()
  .meta({ description: 'Who did it; null for what Upwatch did by itself' });

export const incidentSummarySchema = z
  .object({
    id: z.string(),
    title: z.string(),
    status: z.enum(INCIDENT_STATUSES),
    severity: z.enum(INCIDENT_SEVERITIES),
    source: z.enum(INCIDENT_SOURCES),
    flapping: z.boolean().meta({ description: 'The monitor changed state often while this was open' }),
    startedAt: z.number(),
    acknowledgedAt: z.number().nullable(),
    resolvedAt: z.number().nullable(),
    durationMs: z.number().meta({ description: 'Until resolved, or until now while open' }),
    primaryMonitor: monitorRefSchema
      .nullable()
      .meta({ description: 'The monitor whose outage opened it; null for manual incidents' }),
    relatedMonitorCount: z.number().meta({ description: 'Monitors linked to it, the primary one included' }),
  })
  .meta({ id: 'IncidentSummary' });
export type IncidentSummary = z.infer<typeof incidentSummarySchema>;

export const incidentListSchema = z
  .object({ incidents: z.array(incidentSummarySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'IncidentList' });
export type IncidentList = z.infer<typeof incidentListSchema>;

const epochMs = (description: string) => z.coerce.number().int().min(0).optional().meta({ description });

export const incidentListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  state: z.enum(['open', 'resolved']).optional(),
  monitorId: z.string().min(1).max(64).optional(),
  severity: z.enum(INCIDENT_SEVERITIES).optional(),
  from: epochMs('Only incidents still open at or after this time (epoch ms)'),
  to: epochMs('Only incidents started at or before this time (epoch ms)'),
});
export type IncidentListQuery = z.infer<typeof incidentListQuerySchema>;

export const incidentUpdateSchema = z
  .object({
    id: z.string(),
    status: z.enum(INCIDENT_STATUSES),
    message: z.string(),
    author: actorSchema,
    createdAt: z.number(),
  })
  .meta({ id: 'IncidentUpdate' });
export type IncidentUpdate = z.infer<typeof incidentUpdateSchema>;

export const resolutionSchema = z
  .object({
    rootCause: z.string().nullable(),
    summary: z.string().nullable(),
    followUps: z.array(z.string()),
  })
  .meta({ id: 'IncidentResolution' });
export type Resolution = z.infer<typeof resolutionSchema>;

export const ACKNOWLEDGED_VIA = ['app', 'api', 'link'] as const;

export const incidentSchema = incidentSummarySchema
  .extend({
    flappingSince: z.number().nullable(),
    acknowledgement: z
      .object({
        at: z.number(),
        by: actorSchema.meta({ description: 'The person; null for the link in an alert' }),
        via: z
          .enum(ACKNOWLEDGED_VIA)
          .nullable()
          .meta({ description: 'Null for acknowledgements before escalation existed' }),
        label: z.string().nullable().meta({ description: 'Who, as the timeline says it' }),
      })
      .nullable(),
    escalation: z
      .object({
        policy: monitorRefSchema.nullable().meta({ description: 'Null once the policy was deleted' }),
        round: z.number().meta({ description: 'Steps fired so far, repeats included' }),
        nextAt: z.number().nullable().meta({ description: 'When the next step fires; null: none will' }),
      })
      .nullable()
      .meta({ description: 'Null when the incident followed no escalation policy' }),
    monitors: z.array(
      monitorRefSchema.extend({
        url: z.string(),
        status: z.enum(MONITOR_STATUSES),
        primary: z.boolean(),
      }),
    ),
    latestUpdate: incidentUpdateSchema.nullable(),
    resolution: resolutionSchema,
    createdAt: z.number(),
    updatedAt: z.number(),
    /** Its monitors' deployments in the 30 minutes before it started, newest first. */
    deployments: z
      .array(
        z.object({
          id: z.string(),
          version: z.string().nullable(),
          provider: z.enum(DEPLOYMENT_PROVIDERS),
          deployedAt: z.number(),
        }),
      )
      .optional(),
  })
  .meta({ id: 'Incident' });
export type Incident = z.infer<typeof incidentSchema>;

export const incidentEventSchema = z
  .object({
    id: z.string(),
    at: z.number(),
    kind: z.enum(INCIDENT_EVENT_KINDS),
    message: z.string(),
    actor: actorSchema,
  })
  .meta({ id: 'IncidentEvent' });
export type IncidentEvent = z.infer<typeof incidentEventSchema>;

export const incidentTimelineSchema = z
  .object({ events: z.array(incidentEventSchema).meta({ description: 'Oldest first' }) })
  .meta({ id: 'IncidentTimeline' });

export const incidentNoteSchema = z
  .object({
    id: z.string(),
    text: z.string(),
    author: z
      .object({ id: z.string(), name: z.string() })
      .nullable()
      .meta({ description: 'Null when the author has since deleted their account' }),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .meta({ id: 'IncidentNote' });
export type IncidentNote = z.infer<typeof incidentNoteSchema>;

export const incidentNoteListSchema = z
  .object({ notes: z.array(incidentNoteSchema).meta({ description: 'Oldest first' }) })
  .meta({ id: 'IncidentNoteList' });

export const incidentInputSchema = z
  .object({
    title,
    severity: z.enum(INCIDENT_SEVERITIES).default('major'),
    status: z.enum(INCIDENT_STATUSES).exclude(['resolved']).default('investigating'),
    monitorIds: monitorIds.default([]),
    update: updateMessage.optional().meta({ description: 'A first public update' }),
  })
  .meta({ id: 'IncidentInput' });
export type IncidentInput = z.infer<typeof incidentInputSchema>;

export const incidentPatchSchema = z
  .object({
    title,
    status: z.enum(INCIDENT_STATUSES),
    severity: z.enum(INCIDENT_SEVERITIES),
  })
  .partial()
  .meta({ id: 'IncidentPatch' });
export type IncidentPatch = z.infer<typeof incidentPatchSchema>;

export const incidentUpdateInputSchema = z
  .object({
    message: updateMessage,
    status: z
      .enum(INCIDENT_STATUSES)
      .optional()
      .meta({ description: 'The status the update announces; the current one when left out' }),
  })
  .meta({ id: 'IncidentUpdateInput' });
export type IncidentUpdateInput = z.infer<typeof incidentUpdateInputSchema>;

export const noteInputSchema = z
  .object({ text: longText('A note').min(1, 'Write the note.') })
  .meta({ id: 'IncidentNoteInput' });
export type NoteInput = z.infer<typeof noteInputSchema>;

export const relatedMonitorsInputSchema = z
  .object({
    monitorIds: monitorIds.meta({
      description:
        "The incident's monitors after the change; an automatic incident keeps its primary monitor",
    }),
  })
  .meta({ id: 'IncidentMonitorsInput' });
export type RelatedMonitorsInput = z.infer<typeof relatedMonitorsInputSchema>;

export const resolutionInputSchema = z
  .object({
    rootCause: longText('The root cause').nullable().default(null),
    summary: longText('The summary').nullable().default(null),
    followUps: z
      .array(
        z
          .string()
          .trim()
          .min(1, 'Follow-ups cannot be empty.')
          .max(500, 'Follow-ups are limited to 500 characters.'),
      )
      .max(50, 'At most 50 follow-ups.')
      .default([]),
  })
  .meta({ id: 'IncidentResolutionInput' });
export type ResolutionInput = z.infer<typeof resolutionInputSchema>;

export const INCIDENT_STATS_DAYS = ['30', '90'] as const;

export const incidentStatsSchema = z
  .object({
    days: z.number(),
    windowStart: z
      .number()
      .meta({ description: 'The later of the window’s first UTC day and the monitor’s creation' }),
    windowEnd: z.number(),
    downtimeMs: z.number().meta({ description: 'Time down in the window, as the uptime figures count it' }),
    incidentCount: z
      .number()
      .meta({ description: 'Confirmed outages in the window, one still under way included' }),
    mttrMs: z
      .number()
      .nullable()
      .meta({ description: 'Mean length of the outages that ended; null while none has' }),
    mtbfMs: z
      .number()
      .nullable()
      .meta({ description: '(window − downtime) per outage; null without outages' }),
  })
  .meta({ id: 'IncidentStats' });
export type IncidentStats = z.infer<typeof incidentStatsSchema>;
