// The ping log of heartbeat monitors (migration 0019); their state lives on the monitor row.
export interface HeartbeatPingTable {
  id: string;
  monitor_id: string;
  at: number;
  kind: 'start' | 'success' | 'fail' | 'exit';
  exit_status: number | null;
  rid: string | null;
  /** From the paired /start to this success. */
  duration_ms: number | null;
  source_address: string | null;
  user_agent: string | null;
  /** The first 10 KB of the body (UTF-8); body_truncated is 1 when more was sent. */
  body: string | null;
  body_truncated: number;
}

export interface HeartbeatTables {
  heartbeat_pings: HeartbeatPingTable;
}
