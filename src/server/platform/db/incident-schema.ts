// Row shapes of the incident and alert-delivery tables (migration 0007).
import type { AlertKind } from '../../../core/api/alerts.ts';
export type IncidentStatus = 'investigating' | 'identified' | 'monitoring' | 'resolved';
export type IncidentSeverity = 'minor' | 'major' | 'critical';

export interface IncidentTable {
  id: string;
  workspace_id: string;
  title: string;
  status: IncidentStatus;
  severity: IncidentSeverity;
  source: 'automatic' | 'manual';
  primary_monitor_id: string | null;
  started_at: number;
  acknowledged_at: number | null;
  resolved_at: number | null;
  /** Set while the monitor flaps (4+ changes in the window); cleared once stable. */
  flapping_since: number | null;
  /** One Down and one Recovered alert per incident, however often it flaps or reopens. */
  down_alerted: number;
  recovery_alerted: number;
  root_cause: string | null;
  summary: string | null;
  /** JSON array of follow-up actions. */
  follow_ups: string | null;
  /** When the next "still down" reminder is due (the monitor's re-notify setting; migration 0031). */
  renotify_at?: number | null;
  created_at: number;
  updated_at: number;
  /** The policy its escalation follows, chosen when it opened (migration 0030). */
  escalation_policy_id?: string | null;
  /** How many times a step fired: 1 once the Down alert went to step 1, more for later steps and repeats. */
  escalation_round?: number;
  /** When the next step fires; null when nothing more will (acknowledged, resolved, no policy). */
  next_escalation_at?: number | null;
  /** The person who acknowledged it; null for a link in an alert or once their account is gone. */
  acknowledged_by?: string | null;
  acknowledged_via?: AcknowledgedVia | null;
  /** Who, as the timeline says it: a person's name, or the alert whose link was used. */
  acknowledged_label?: string | null;
}

/** In the app (a session), through the API (a key), or with the signed link in an alert. */
export type AcknowledgedVia = 'app' | 'api' | 'link';

export interface IncidentMonitorTable {
  incident_id: string;
  monitor_id: string;
}

export type IncidentEventKind =
  | 'detected'
  | 'confirmed'
  | 'alert_sent'
  | 'alert_failed'
  | 'acknowledged'
  | 'escalated'
  | 'status_changed'
  | 'title_changed'
  | 'severity_changed'
  | 'update_posted'
  | 'note_added'
  | 'note_edited'
  | 'note_deleted'
  | 'monitors_changed'
  | 'resolution_updated'
  | 'recovered'
  | 'reopened'
  | 'flapping'
  | 'resolved';

export interface IncidentEventTable {
  id: string;
  incident_id: string;
  at: number;
  kind: IncidentEventKind;
  message: string;
  actor_id: string | null;
}

export interface IncidentUpdateTable {
  id: string;
  incident_id: string;
  status: IncidentStatus;
  message: string;
  author_id: string | null;
  created_at: number;
}

export interface IncidentNoteTable {
  id: string;
  incident_id: string;
  /** Null once the author's account is deleted (migration 0028). */
  author_id: string | null;
  text: string;
  created_at: number;
  updated_at: number;
}

export type { AlertKind };
export type AlertDeliveryStatus = 'pending' | 'sent' | 'failed';

export interface AlertDeliveryTable {
  id: string;
  workspace_id: string;
  monitor_id: string | null;
  incident_id: string | null;
  channel_id: string | null;
  kind: AlertKind;
  /** JSON AlertEvent: everything a channel needs to render the message. */
  payload: string;
  status: AlertDeliveryStatus;
  attempts: number;
  next_attempt_at: number | null;
  last_error: string | null;
  claimed_until: number | null;
  created_at: number;
  sent_at: number | null;
  /**
   * A Down or Recovered alert that joined another one held for monitors failing together
   * (migration 0031): sent with that one, never claimed on its own (next_attempt_at null).
   */
  group_id?: string | null;
}

export interface IncidentTables {
  incidents: IncidentTable;
  incident_monitors: IncidentMonitorTable;
  incident_events: IncidentEventTable;
  incident_updates: IncidentUpdateTable;
  incident_notes: IncidentNoteTable;
  alert_deliveries: AlertDeliveryTable;
}
