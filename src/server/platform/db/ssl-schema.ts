// Row shapes of certificate checks and each https monitor's certificate state (migration 0009).
export interface SslCheckTable {
  id: string;
  monitor_id: string;
  checked_at: number;
  /** Set when no certificate could be read; the fields below are then empty. */
  error_code: string | null;
  error_message: string | null;
  fingerprint_sha256: string | null;
  /** JSON Certificate (core/api/ssl.ts). */
  certificate: string | null;
  /** JSON ChainEntry[], leaf first. */
  chain: string;
  protocol: string | null;
  cipher: string | null;
  ocsp_stapled: number;
  chain_complete: number;
  trusted: number;
  hostname_match: number;
  days_remaining: number | null;
  /** JSON SslProblem[]. */
  problems: string;
}

export interface MonitorSslStateTable {
  monitor_id: string;
  next_check_at: number;
  claimed_until: number | null;
  claimed_by: string | null;
  /** The leaf last seen by the certificate check or the HTTP check: a new one triggers a check. */
  last_fingerprint: string | null;
  last_checked_at: number | null;
  /** The list badge: the current certificate's expiry and problem count. */
  valid_to: number | null;
  problem_count: number;
  /** JSON SslProblemCode[] last alerted as present. */
  problem_codes: string;
  /** The certificate whose expiry warnings `warned_days` lists (JSON number[]). */
  warned_fingerprint: string | null;
  warned_days: string;
  /** 0/1: the certificate last seen had 30 days or fewer left (a replacement is a renewal). */
  in_warning_window: number;
  /** 0/1: the monitor is https and not paused, so its certificate is checked (migration 0017). */
  active: number;
}
