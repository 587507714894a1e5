// Row shapes of API keys and their per-minute request counters (migration 0011).

export interface ApiKeyTable {
  id: string;
  /** The workspace the key works in (migration 0025). */
  workspace_id: string;
  /** Who made it; null once they are gone. */
  created_by: string | null;
  /** What it may do in its workspace: member (read and write) or viewer (read only). */
  role: 'member' | 'viewer';
  name: string;
  /** The first characters of the key, kept in clear so the owner can recognise it. */
  prefix: string;
  /** SHA-256 of the whole key, hex: the key itself is never stored. */
  hash: string;
  created_at: number;
  expires_at: number | null;
  last_used_at: number | null;
  /** Kept after revoking, so a revoked key is told apart from an unknown one. */
  revoked_at: number | null;
}

/** One fixed one-minute window per key; every `upwatch serve` process counts in the same row. */
export interface ApiKeyWindowTable {
  key_id: string;
  window_start: number;
  requests: number;
}

export interface ApiKeyTables {
  api_keys: ApiKeyTable;
  api_key_windows: ApiKeyWindowTable;
}
