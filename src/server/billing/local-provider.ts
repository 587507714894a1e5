// The embedded billing engine behind the provider seam: no third party, sandbox payments.

import type { CancelRequest } from '../../core/billing/cancel.ts';
import { listProducts } from '../../core/billing/listing.ts';
import type { AttachRequest } from '../../core/billing/plan-types.ts';
import type { QueryRange } from '../../core/billing/query-buckets.ts';
import { createAttachService } from './attach-service.ts';
import { createCheckoutSession } from './checkout-store.ts';
import type { BillingContext } from './context.ts';
import { CUSTOMER_EXPANDS, type CustomerExpand, ensureCustomer, presentCustomer } from './customers.ts';
import { createEntitiesService, type EntityInput } from './entities-service.ts';
import type { BillingProvider } from './provider.ts';
import { createReferralsService } from './referrals-service.ts';
import { getCustomerRow, loadProducts, trialsUsed } from './store.ts';
import { type CheckRequest, createUsageService, type TrackRequest } from './usage-service.ts';

export function createLocalBilling(ctx: BillingContext) {
  const attach = createAttachService(ctx);
  const usage = createUsageService(ctx);
  const entities = createEntitiesService(ctx, usage);
  const referrals = createReferralsService(ctx, attach);
  const ensure = (identity: Parameters<BillingProvider['customer']>[0]) =>
    ensureCustomer(ctx.db, ctx.dialect, ctx.catalogue, identity, ctx.clock.now());

  const provider: BillingProvider = {
    name: 'local',
    async customer(identity, body) {
      await ensure(identity);
      const expand = (Array.isArray(body.expand) ? body.expand : []).filter((e): e is CustomerExpand =>
        CUSTOMER_EXPANDS.includes(e as CustomerExpand),
      );
      return presentCustomer(ctx.db, ctx.catalogue, identity.id, expand);
    },
    async products(customerId) {
      const customer = customerId ? await getCustomerRow(ctx.db, customerId) : undefined;
      const owned = customer ? await loadProducts(ctx.db, customer.id) : null;
      const used = customer ? await trialsUsed(ctx.db, customer) : [];
      return { list: listProducts(ctx.catalogue, owned, used) };
    },
    async checkout(identity, body) {
      await ensure(identity);
      return attach.checkout(identity.id, body as AttachRequest);
    },
    async attach(identity, body) {
      await ensure(identity);
      return attach.attach(identity.id, body as AttachRequest);
    },
    async setupPayment(customerId, body) {
      const url = await createCheckoutSession(
        ctx,
        customerId,
        'setup',
        null,
        body.success_url as string | undefined,
      );
      return { customer_id: customerId, url };
    },
    cancel: (customerId, body) => attach.cancel(customerId, body as unknown as CancelRequest),
    check: (customerId, body) => usage.check(customerId, body as CheckRequest),
    track: (customerId, body) => usage.track(customerId, body as TrackRequest),
    async billingPortal(customerId, body) {
      const back =
        typeof body.return_url === 'string' ? `?return_url=${encodeURIComponent(body.return_url)}` : '';
      return { customer_id: customerId, url: `${ctx.publicUrl}/billing/portal${back}` };
    },
    query: (customerId, body) =>
      usage.query(customerId, body as { feature_id: string | string[]; range?: QueryRange }),
    createEntities: (customerId, body) => entities.create(customerId, body as unknown as EntityInput),
    getEntity: (customerId, entityId) => entities.get(customerId, entityId),
    deleteEntity: (customerId, entityId) => entities.remove(customerId, entityId),
    referralCode: (customerId, body) => referrals.code(customerId, body as { program_id?: string }),
    redeemReferral: (customerId, body) => referrals.redeem(customerId, body as { code?: string }),
  };
  return { provider, attach, usage, ensure };
}

export type LocalBilling = ReturnType<typeof createLocalBilling>;
