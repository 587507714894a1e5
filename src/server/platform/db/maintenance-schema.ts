// Row shapes of maintenance windows, the monitors each one covers (migration 0029) and their
// public updates (migration 0034).

export interface MaintenanceWindowTable {
  id: string;
  /** The workspace. */
  workspace_id: string;
  /** The stable key from upwatch.yaml when a file manages it (migration 0037). */
  managed_key: string | null;
  name: string;
  /** The first occurrence's start (epoch ms). */
  starts_at: number;
  duration_minutes: number;
  /** 0/1: covers every monitor of the workspace, else those in maintenance_window_monitors. */
  all_monitors: number;
  /** JSON MaintenanceRecurrence (src/core/maintenance-schedule.ts); null for a one-off window. */
  recurrence: string | null;
  /** The occurrence in progress as applied to the monitors (scheduled or started by hand). */
  active_from: number | null;
  active_until: number | null;
  /** The next scheduled start not yet reached; null when none is left. */
  next_occurrence_at: number | null;
  /** When the maintenance job next looks at the row: the sooner of active_until and next_occurrence_at. */
  next_transition_at: number | null;
  /** When it had nothing left to run (retention ages it from here); null while it may run (migration 0040). */
  completed_at?: number | null;
  /** The last occurrence that ran and finished (ran out or was ended by hand); migration 0034. */
  last_started_at?: number | null;
  last_ended_at?: number | null;
  /** The deployment whose maintenance_minutes opened it. */
  deployment_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface MaintenanceWindowMonitorTable {
  window_id: string;
  monitor_id: string;
}

/** A short public message the owner posts on a window, shown under it on status pages. */
export interface MaintenanceUpdateTable {
  id: string;
  /** The workspace. */
  workspace_id: string;
  window_id: string;
  message: string;
  created_at: number;
}

export interface MaintenanceTables {
  maintenance_windows: MaintenanceWindowTable;
  maintenance_window_monitors: MaintenanceWindowMonitorTable;
  maintenance_updates: MaintenanceUpdateTable;
}
