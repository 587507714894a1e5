// Entitlements when the hosted provider keeps the books: gates ask it over HTTP, monitor
// writes track after they commit, and a periodic reconcile corrects any count a failed or
// lost track left behind.
import type { CustomerFeature } from '../../core/billing/aggregate.ts';
import { effectivePlan, type ProductLike } from '../../core/plans.ts';
import type { UserPlanSource } from '../plans/user-plan.ts';
import { ApiError } from '../platform/http/errors.ts';
import type { Logger } from '../platform/logger.ts';
import { type EntitlementsHelper, summarisePlan } from './plan-summary.ts';
import type { BillingProvider } from './provider.ts';
import type { Db } from './store.ts';
import { minimumIntervalMinutes } from './usage-sync.ts';

interface HostedCustomer {
  products: ProductLike[];
  features: Record<string, CustomerFeature>;
}

const RECONCILE_BATCH = 500;

export function createHostedEntitlements(provider: BillingProvider, db: Db, logger: Logger) {
  const customer = async (workspaceId: string) =>
    (await provider.customer({ id: workspaceId }, {})) as HostedCustomer;

  const helper: EntitlementsHelper = {
    async check(workspaceId, featureId, requiredBalance) {
      const result = (await provider.check(workspaceId, {
        feature_id: featureId,
        required_balance: requiredBalance,
      })) as {
        allowed?: boolean;
      };
      return result.allowed === true;
    },
    async track(workspaceId, featureId, value = 1) {
      await provider.track(workspaceId, { feature_id: featureId, value });
    },
    async planSummary(workspaceId) {
      const c = await customer(workspaceId);
      return summarisePlan(c.products, c.features);
    },
  };

  const plans: UserPlanSource = {
    async allowanceFor(workspaceId) {
      const c = await customer(workspaceId);
      const monitors = c.features.monitors;
      return {
        plan: effectivePlan(c.products).plan,
        minIntervalMinutes: minimumIntervalMinutes(new Set(Object.keys(c.features))),
        monitorAvailable:
          monitors !== undefined &&
          (monitors.unlimited || monitors.overage_allowed || (monitors.balance ?? 0) >= 1),
      };
    },
    async takeMonitor(_tx, _userId, allowance) {
      if (!allowance.monitorAvailable) {
        throw new ApiError(
          403,
          'monitor_limit_reached',
          `You've reached your monitor limit on the ${allowance.plan.displayName} plan. Upgrade to add more.`,
        );
      }
    },
    returnMonitor: async () => undefined,
    async committed(workspaceId, delta) {
      try {
        await helper.track(workspaceId, 'monitors', delta);
      } catch (err) {
        logger.warn({ err, workspaceId }, 'monitor usage not tracked; the reconcile will correct it');
      }
    },
  };

  /** Sets each customer's reported monitor usage to the real count. */
  async function reconcile(): Promise<number> {
    let corrected = 0;
    let after = '';
    for (;;) {
      const workspaces = await db
        .selectFrom('organization')
        .select('id')
        .where('id', '>', after)
        .orderBy('id')
        .limit(RECONCILE_BATCH)
        .execute();
      for (const { id } of workspaces) {
        const row = await db
          .selectFrom('monitors')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('workspace_id', '=', id)
          .executeTakeFirstOrThrow();
        const reported = (await customer(id)).features.monitors?.usage ?? 0;
        const drift = Number(row.n) - reported;
        if (drift !== 0) {
          await helper.track(id, 'monitors', drift);
          corrected++;
        }
      }
      if (workspaces.length < RECONCILE_BATCH) return corrected;
      after = workspaces[workspaces.length - 1]?.id ?? after;
    }
  }

  return { helper, plans, reconcile };
}
