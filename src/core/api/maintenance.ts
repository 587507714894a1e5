// Maintenance window payloads: a one-off or recurring stretch of time in which the chosen
// monitors (or all) are checked and their results kept, marked as maintenance, but open no
// incident, send no alert and count in no uptime figure.
import { z } from 'zod';
import { MAINTENANCE_FREQUENCIES, type MaintenanceSchedule } from '../maintenance-schedule.ts';
import { isValidTimeZone } from '../time-zones.ts';

export const MAINTENANCE_STATES = ['upcoming', 'in_progress', 'completed'] as const;
export type MaintenanceState = (typeof MAINTENANCE_STATES)[number];
export const MAINTENANCE_STATE_LABELS: Record<MaintenanceState, string> = {
  upcoming: 'Upcoming',
  in_progress: 'In progress',
  completed: 'Completed',
};

/** A week: longer than that is a paused monitor, not maintenance. */
export const MAX_MAINTENANCE_MINUTES = 7 * 24 * 60;
export const MAX_MAINTENANCE_MONITORS = 500;
/** How many coming occurrences each window lists. */
export const NEXT_OCCURRENCES = 5;

const epochMs = z.number().int('Times are whole epoch milliseconds.').positive();

export const maintenanceRecurrenceSchema = z
  .object({
    frequency: z.enum(MAINTENANCE_FREQUENCIES),
    daysOfWeek: z
      .array(z.number().int().min(0).max(6, 'Days of the week run from 0 (Sunday) to 6 (Saturday).'))
      .max(7)
      .optional()
      .meta({ description: 'Weekly: 0 Sunday … 6 Saturday; default the weekday of startsAt' }),
    daysOfMonth: z
      .array(z.number().int().min(1).max(31, 'Days of the month run from 1 to 31.'))
      .max(31)
      .optional()
      .meta({ description: 'Monthly: 1 … 31; default the day of startsAt' }),
    timezone: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .refine(isValidTimeZone, 'Enter an IANA time zone such as America/New_York or UTC.')
      .meta({ description: 'The IANA time zone whose clock the occurrences follow (across DST changes)' }),
    until: epochMs.nullable().optional().meta({ description: 'No occurrence starts after this' }),
  })
  .meta({
    id: 'MaintenanceRecurrence',
    description: "Repeats at startsAt's local time of day in timezone, on the days given",
  });
export type MaintenanceRecurrenceInput = z.infer<typeof maintenanceRecurrenceSchema>;

const name = z.string().trim().min(1, 'Name the window.').max(100, 'Names are limited to 100 characters.');
const durationMinutes = z
  .number()
  .int('The duration is a whole number of minutes.')
  .min(1, 'A window lasts at least 1 minute.')
  .max(MAX_MAINTENANCE_MINUTES, 'A window lasts at most 7 days (10080 minutes).');
const monitorIds = z
  .array(z.string().min(1).max(64))
  .max(MAX_MAINTENANCE_MONITORS, `At most ${MAX_MAINTENANCE_MONITORS} monitors per window.`)
  .meta({ description: 'The monitors it covers; [] covers every monitor of the workspace' });

/** POST /api/v1/maintenance-windows */
export const maintenanceWindowInputSchema = z
  .object({
    name,
    startsAt: epochMs.meta({ description: 'The first occurrence starts here (epoch ms)' }),
    durationMinutes,
    monitorIds: monitorIds.default([]),
    recurrence: maintenanceRecurrenceSchema.nullable().optional(),
  })
  .meta({ id: 'MaintenanceWindowInput' });
export type MaintenanceWindowInput = z.infer<typeof maintenanceWindowInputSchema>;

/** PATCH /api/v1/maintenance-windows/{id}: the fields to change; recurrence null makes it one-off. */
export const maintenanceWindowUpdateSchema = z
  .object({
    name: name.optional(),
    startsAt: epochMs.optional(),
    durationMinutes: durationMinutes.optional(),
    monitorIds: monitorIds.optional(),
    recurrence: maintenanceRecurrenceSchema.nullable().optional(),
  })
  .meta({ id: 'MaintenanceWindowUpdate' });
export type MaintenanceWindowUpdate = z.infer<typeof maintenanceWindowUpdateSchema>;

const occurrenceSchema = z
  .object({ startsAt: z.number(), endsAt: z.number() })
  .meta({ id: 'MaintenanceOccurrence' });
export type MaintenanceOccurrenceAnswer = z.infer<typeof occurrenceSchema>;

export const maintenanceWindowSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    startsAt: z.number(),
    durationMinutes: z.number(),
    monitorIds: z.array(z.string()).meta({ description: '[] when it covers every monitor' }),
    allMonitors: z.boolean(),
    recurrence: z
      .object({
        frequency: z.enum(MAINTENANCE_FREQUENCIES),
        daysOfWeek: z.array(z.number()),
        daysOfMonth: z.array(z.number()),
        timezone: z.string(),
        until: z.number().nullable(),
      })
      .nullable(),
    state: z.enum(MAINTENANCE_STATES),
    /** The occurrence in progress, whether scheduled or started by hand. */
    current: occurrenceSchema.nullable(),
    nextOccurrences: z
      .array(occurrenceSchema)
      .meta({ description: `Up to ${NEXT_OCCURRENCES} scheduled occurrences still to start` }),
    /** Set when a deployment's maintenance_minutes opened the window. */
    deploymentId: z.string().nullable(),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .meta({ id: 'MaintenanceWindow' });
export type MaintenanceWindow = z.infer<typeof maintenanceWindowSchema>;

export const maintenanceWindowListSchema = z
  .object({ windows: z.array(maintenanceWindowSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'MaintenanceWindowList' });
export type MaintenanceWindowList = z.infer<typeof maintenanceWindowListSchema>;

/** An answered window's schedule, for working out its occurrences (the web app's calendar). */
export function scheduleOfWindow(window: MaintenanceWindow): MaintenanceSchedule {
  return {
    startsAt: window.startsAt,
    durationMinutes: window.durationMinutes,
    recurrence: window.recurrence,
  };
}

/** What a monitor says while a window covers it. */
export const monitorMaintenanceSchema = z
  .object({ windowId: z.string(), until: z.number() })
  .meta({ id: 'MonitorMaintenance' });
export type MonitorMaintenance = z.infer<typeof monitorMaintenanceSchema>;
