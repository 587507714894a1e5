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

/** A multi-region monitor's schedule, claim and confirmed status in one region (migration 0039). */
export interface MonitorRegionTable {
  monitor_id: string;
  region: string;
  next_run_at: number;
  claimed_until: number | null;
  claimed_by: string | null;
  status: 'up' | 'down' | 'degraded' | 'pending';
  /** Set while this region's failure waits for its confirming re-check. */
  confirming_since: number | null;
  last_checked_at: number | null;
  latency_ms: number | null;
  failure_code: string | null;
  failure_message: string | null;
}

/** One region's own checks of a monitor in one UTC day (migration 0039); latency of answered checks. */
export interface RegionRollupTable {
  monitor_id: string;
  bucket_start: number;
  region: string;
  checks: number;
  up_checks: number;
  latency_sum_ms: number;
  /** Time up and down, each check standing for the time until the region's next (migration 0043). */
  up_ms?: number;
  down_ms?: number;
}

export interface WorkerTables {
  workers: WorkerTable;
  monitor_regions: MonitorRegionTable;
  region_rollups_daily: RegionRollupTable;
}
