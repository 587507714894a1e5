import type { Transaction } from 'kysely';
import type { Plan } from '../../core/plans.ts';
import type { Database } from '../platform/db/schema.ts';

/** What the monitor service may do for a user right now. */
export interface MonitorAllowance {
  /** The effective plan (SPEC.md §4), named in refusals. */
  plan: Plan;
  minIntervalMinutes: number;
  /**
   * Set by providers that answer over the network, read before the write's transaction so no
   * request waits on a held database connection; the local engine decides inside it instead.
   */
  monitorAvailable?: boolean;
}

/**
 * Where the monitor service asks about limits: the billing engine's balances. `takeMonitor`
 * and `returnMonitor` run inside the monitor write's own transaction, so the count and the
 * balance move together or not at all.
 */
export interface UserPlanSource {
  allowanceFor(workspaceId: string): Promise<MonitorAllowance>;
  /** Takes one monitor from the balance, or throws 403 `monitor_limit_reached`. */
  takeMonitor(tx: Transaction<Database>, workspaceId: string, allowance: MonitorAllowance): Promise<void>;
  returnMonitor(tx: Transaction<Database>, workspaceId: string): Promise<void>;
  /** After the write committed (a hosted provider tracks here; the local one already has). */
  committed(workspaceId: string, delta: 1 | -1): Promise<void>;
}
