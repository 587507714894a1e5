// Wires the billing engine for one app: the provider behind /api/billing (local by default,
// or the hosted API), the entitlements helper the product's gates use, what sign-up calls to
// make the customer, and the periodic job.
import type { Hono } from 'hono';
import type { Catalogue, ReferralProgram } from '../../core/billing/types.ts';
import { REFERRAL_PROGRAMS, UPWATCH_CATALOGUE } from '../../core/billing/upwatch-catalogue.ts';
import type { PlanId } from '../../core/plans.ts';
import type { Auth } from '../auth/auth.ts';
import type { Clock } from '../platform/clock.ts';
import type { DatabaseHandle } from '../platform/db/connect.ts';
import type { AppEnv } from '../platform/http/caller.ts';
import type { Logger } from '../platform/logger.ts';
import type { BillingContext } from './context.ts';
import type { CustomerIdentity } from './customers.ts';
import { listWorkspaces } from './default-plan.ts';
import { createEntitlements } from './entitlements.ts';
import { createHostedEntitlements } from './hosted-entitlements.ts';
import { createHostedProvider } from './hosted-provider.ts';
import { createLocalBilling } from './local-provider.ts';
import { createPeriodPass } from './period-job.ts';
import { createBillingRoutes } from './routes.ts';
import { mountSandboxRoutes } from './sandbox-routes.ts';

export type BillingProviderConfig =
  | { kind: 'local'; defaultPlan?: PlanId }
  | { kind: 'autumn'; apiUrl: string; secretKey: string; fetch?: typeof fetch };

export interface BillingOptions {
  database: DatabaseHandle;
  clock: Clock;
  logger: Logger;
  publicUrl: string;
  provider?: BillingProviderConfig;
  catalogue?: Catalogue;
  programs?: readonly ReferralProgram[];
}

export function createBilling(options: BillingOptions) {
  const ctx: BillingContext = {
    db: options.database.db,
    dialect: options.database.dialect,
    catalogue: options.catalogue ?? UPWATCH_CATALOGUE,
    programs: options.programs ?? REFERRAL_PROGRAMS,
    clock: options.clock,
    publicUrl: options.publicUrl,
  };
  const local = createLocalBilling(ctx);
  const choice = options.provider ?? { kind: 'local' };

  if (choice.kind === 'autumn') {
    const provider = createHostedProvider(choice);
    const hosted = createHostedEntitlements(provider, ctx.db, options.logger);
    return {
      context: ctx,
      provider,
      /** The hosted API sets its own prices: the plan table's, prerendered by the build, may differ. */
      pricesFromPlanTable: false,
      attach: null,
      entitlements: hosted.helper,
      plans: hosted.plans,
      onUserCreated: async (user: CustomerIdentity) => {
        await provider.customer(user, {});
      },
      /** The hosted API sells its plans: config.ts refuses a DEFAULT_PLAN other than free with it. */
      applyDefaultPlan: async () => 0,
      /** The hosted API runs its own periods; ours only corrects tracked monitor counts. */
      periodic: () => hosted.reconcile(),
      routes: (auth: Auth, trustedOrigins: readonly string[]): Hono<AppEnv> =>
        createBillingRoutes({
          auth,
          trustedOrigins,
          db: ctx.db,
          clock: ctx.clock,
          provider,
          logger: options.logger,
        }),
    };
  }

  const entitlements = createEntitlements(ctx, local.ensure);
  const defaultPlan = choice.defaultPlan ?? 'free';
  /** Makes the customer; with DEFAULT_PLAN set, grants it that plan unless it holds its own. */
  const onCreated = async (user: CustomerIdentity) => {
    await local.ensure(user);
    return defaultPlan === 'free' ? null : local.attach.grantDefault(user.id, defaultPlan);
  };
  return {
    context: ctx,
    provider: local.provider,
    pricesFromPlanTable: true,
    attach: local.attach,
    entitlements: entitlements.helper,
    plans: entitlements.plans,
    /** Sign-up and new workspaces: a customer holding the default plan (DEFAULT_PLAN's, if set). */
    onUserCreated: async (user: CustomerIdentity) => {
      await onCreated(user);
    },
    /** At start: every existing workspace gets DEFAULT_PLAN's grant; returns how many got it now. */
    applyDefaultPlan: async () => {
      if (defaultPlan === 'free') return 0;
      let granted = 0;
      for (const workspace of await listWorkspaces(ctx.db)) {
        if (await onCreated(workspace)) granted += 1;
      }
      return granted;
    },
    periodic: createPeriodPass(ctx),
    routes: (auth: Auth, trustedOrigins: readonly string[]): Hono<AppEnv> =>
      createBillingRoutes({
        auth,
        trustedOrigins,
        db: ctx.db,
        clock: ctx.clock,
        provider: local.provider,
        logger: options.logger,
        extend: (app) => mountSandboxRoutes(app, ctx, local.attach),
      }),
  };
}

export type Billing = ReturnType<typeof createBilling>;
