// Wires the billing engine for one app: the provider behind /api/billing, the entitlements
// helper the product's gates use, and what sign-up calls to make the customer.
import type { Hono } from 'hono';
import type { Catalogue, ReferralProgram } from '../../core/billing/types.ts';
import { REFERRAL_PROGRAMS, UPWATCH_CATALOGUE } from '../../core/billing/upwatch-catalogue.ts';
import type { Auth } from '../auth/auth.ts';
import type { Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/connect.ts';
import type { AppEnv } from '../http/session.ts';
import type { Logger } from '../logger.ts';
import type { BillingContext } from './context.ts';
import type { CustomerIdentity } from './customers.ts';
import { createEntitlements } from './entitlements.ts';
import { createLocalBilling } from './local-provider.ts';
import { createBillingRoutes } from './routes.ts';
import { mountSandboxRoutes } from './sandbox-routes.ts';

export interface BillingOptions {
  database: DatabaseHandle;
  clock: Clock;
  logger: Logger;
  publicUrl: string;
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
  const entitlements = createEntitlements(ctx, local.ensure);
  return {
    context: ctx,
    provider: local.provider,
    attach: local.attach,
    entitlements,
    /** Sign-up: every user is a customer holding the default plan from the start. */
    onUserCreated: (user: CustomerIdentity) => local.ensure(user),
    routes(auth: Auth): Hono<AppEnv> {
      return createBillingRoutes({
        auth,
        provider: local.provider,
        logger: options.logger,
        extend: (app) => mountSandboxRoutes(app, ctx, local.attach),
      });
    },
  };
}

export type Billing = ReturnType<typeof createBilling>;
