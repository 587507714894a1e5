// Row shapes of domain expiry (migration 0018). The monitors.domain_expiry opt-in column (0/1)
// is read and written only through domains/sync.ts until MonitorTable carries it.
export interface DomainExpiryTable {
  /** The registrable domain, e.g. example.co.uk. */
  domain: string;
  /** From the RDAP `expiration` event; kept from the last successful lookup when one fails. */
  expires_at: number | null;
  registrar: string | null;
  /** When the last lookup (successful or not) ran. */
  checked_at: number | null;
  /** Set when the last lookup failed, e.g. no_rdap_server, not_found, private_target. */
  error_code: string | null;
  error: string | null;
  next_check_at: number;
  claimed_until: number | null;
  claimed_by: string | null;
}

export interface MonitorDomainTable {
  monitor_id: string;
  domain: string;
  /** The expiry date the warnings below were sent for: a renewal starts them over. */
  warned_expires_at: number | null;
  /** JSON number[]: the thresholds (days) already alerted for warned_expires_at. */
  warned_days: string;
}

export interface DomainTables {
  domain_expiry: DomainExpiryTable;
  monitor_domains: MonitorDomainTable;
}
