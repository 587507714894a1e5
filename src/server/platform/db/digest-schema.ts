// Row shapes of digest settings and the digest reports sent (migrations 0014, 0021).
import type { DigestFrequency } from '../../../core/api/digests.ts';

/** One row per user (a trigger adds it for a new user, with the defaults). */
export interface DigestSettingsTable {
  user_id: string;
  frequency: DigestFrequency;
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
  hour: number;
  /** The last 'Send me a preview now', for its rate limit. */
  last_preview_at: number | null;
  /** When the schedule was last chosen; 0 while the defaults apply. */
  updated_at: number;
  /** When the digest job next looks at this row (a send time, or 0: now); null while off. */
  next_send_at: number | null;
}

/** One per (owner, frequency, period start): the unique key makes a period's digest go out once. */
export interface DigestReportTable {
  id: string;
  user_id: string;
  frequency: 'daily' | 'weekly';
  period_start: number;
  period_end: number;
  html: string;
  /** JSON DigestData. */
  data: string;
  created_at: number;
  sent_at: number | null;
}

export interface DigestTables {
  digest_settings: DigestSettingsTable;
  digest_reports: DigestReportTable;
}
