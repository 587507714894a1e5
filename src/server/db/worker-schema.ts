// Row shape of the live workers table (migration 0035).
export interface WorkerTable {
  id: string;
  region: string;
  host: string;
  pid: number;
  started_at: number;
  last_seen_at: number;
  /** Stopped cleanly, or found dead and its claims released. */
  stopped_at: number | null;
  /** Checks started in the minute before the last heartbeat. */
  checks_per_minute: number;
  /** How late those checks started after their due time, 99th percentile; null with none. */
  lag_p99_ms: number | null;
}

export interface WorkerTables {
  workers: WorkerTable;
}
