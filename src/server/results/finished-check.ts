// results/ is the seam between a finished check and what stores and judges it: the types and
// pure rules every producer of a result (the check job, the regional recorder, heartbeat pings,
// monitor kinds) shares, so none of them imports the scheduler that stores them.
import type { CheckStatus, MonitorTable } from '../platform/db/schema.ts';
import type { MonitorRegionTable } from '../platform/db/worker-schema.ts';

export interface CheckOutcome {
  checkedAt: number;
  region: string;
  status: CheckStatus;
  statusCode: number | null;
  timings: {
    totalMs: number;
    dnsMs?: number;
    connectMs?: number;
    tlsMs?: number;
    ttfbMs?: number;
    downloadMs?: number;
  };
  responseBytes: number | null;
  failure: { code: string; message: string } | null;
  /** The monitor's own host's TLS leaf, when the check read one: a new one triggers a certificate check. */
  tlsFingerprint?: string | null;
  /** What the check read beyond timings (a DNS answer set), stored as JSON with the result. */
  facts?: Record<string, unknown>;
}

export interface FinishedCheck {
  /** The row as claimed: it is this worker's until the claim is released here. */
  monitor: MonitorTable;
  /** Set for a multi-region monitor: the claimed run in this worker's region (issue 21). */
  run?: MonitorRegionTable;
  outcome: CheckOutcome;
}
