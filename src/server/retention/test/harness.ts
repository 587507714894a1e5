// A test app on the manual clock with owners on each plan and the retention pass wired to the
// app's billing engine, as the worker wires it.
import { createLogger } from '../../platform/logger.ts';
import type { TestUser } from '../../test/factories.ts';
import { type IncidentApi, incidentApi } from '../../test/incident-api.ts';
import { createRetention, type RetentionDeps } from '../job.ts';
import { insertSite, type Owner } from './rows.ts';

export interface RetentionHarness {
  api: IncidentApi;
  owner(plan: 'free' | 'starter' | 'pro'): Promise<Owner & { user: TestUser }>;
  retention(overrides?: Partial<RetentionDeps>): ReturnType<typeof createRetention>;
  count(table: string, column?: string, value?: string): Promise<number>;
}

export async function retentionHarness(): Promise<RetentionHarness> {
  const api = await incidentApi();
  const { db, dialect } = api.t.database;
  return {
    api,
    async owner(plan) {
      const user = await api.user(plan);
      const monitor = await api.monitor(user, `Shop ${plan}`);
      const siteId = await insertSite(db, user.id, api.clock.now());
      return { user, workspaceId: user.id, monitorId: monitor.id, siteId };
    },
    retention: (overrides = {}) =>
      createRetention({
        db,
        dialect,
        clock: api.clock,
        logger: createLogger('silent'),
        plans: api.t.billing.plans,
        ...overrides,
      }),
    async count(table, column, value) {
      // biome-ignore lint/suspicious/noExplicitAny: the tests count any table by name
      let query = (db as any).selectFrom(table).select((eb: any) => eb.fn.countAll().as('n'));
      if (column) query = query.where(column, '=', value);
      const row = await query.executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}
