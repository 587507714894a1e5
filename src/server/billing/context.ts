// What every part of the local billing engine is built from.
import type { Catalogue, ReferralProgram } from '../../core/billing/types.ts';
import type { Clock } from '../platform/clock.ts';
import type { Dialect } from '../platform/db/connect.ts';
import type { Db } from './store.ts';

export interface BillingContext {
  db: Db;
  dialect: Dialect;
  catalogue: Catalogue;
  programs: readonly ReferralProgram[];
  clock: Clock;
  /** Where the sandbox checkout, setup and portal pages live (the app's public URL). */
  publicUrl: string;
}
